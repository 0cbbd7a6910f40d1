import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, signInViaUi, withRoleProfile } from './support/app.ts';

/**
 * The offer to install the app (docs/product.md#offline-and-updates): after the first useful action,
 * never over a form, once. Headless Chromium never decides by itself that a site is installable, so
 * the journey hands the page the browser's `beforeinstallprompt` event, as Chromium would.
 */
test('the install offer waits for a first useful action, stays off forms, and asks the browser once', async ({ page }) => {
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner);
  const me = await withRoleProfile(await createUser());
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installAsked: number }).installAsked = ((window as unknown as { installAsked?: number }).installAsked ?? 0) + 1;
      },
    });
    window.dispatchEvent(event);
  });
  const offer = page.getByRole('region', { name: 'Install the app' });
  // Nothing done yet: no offer.
  await page.getByRole('link', { name: 'All Missions', exact: true }).first().click();
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await expect(card.getByRole('button', { name: 'Vote' })).toBeVisible();
  await expect(offer).toHaveCount(0);

  // A vote is a useful action: now the offer shows.
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Install Mission Control on this device: it opens like an app, on your dashboard, offline too.');
  await expectNoA11yViolations(page);

  // Never over a form.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/role-profile$/);
  await expect(offer).toHaveCount(0);
  await page.goBack();
  await expect(offer).toBeVisible();

  await offer.getByRole('button', { name: 'Install' }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { installAsked?: number }).installAsked)).toBe(1);
  // Answered once: not offered again on this device.
  expect(await page.evaluate(() => localStorage.getItem('install_offer_dismissed'))).toBe('true');
});
