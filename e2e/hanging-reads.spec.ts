import { expect, test } from './support/test.ts';
import { createMission, createUser, expectNoA11yViolations, signInViaUi, withRoleProfile } from './support/app.ts';

/**
 * Venue Wi-Fi that answers the reachability check but lets no call through (docs/product.md#offline-and-updates):
 * a screen opened for the first time gives up after the network policy's time limit and shows the
 * offline state with "Try again", and keeps it while the app tries again in the background, rather
 * than a spinner that starts over with every attempt.
 */

/** The time limit is 8 s (lib/networkPolicy.ts); a loaded machine adds its own delay. */
const GIVES_UP = { timeout: 25_000 };
const LOADING = 'Loading mission details...';

test('a screen never opened before, on Wi-Fi that swallows every call: offline with "Try again" after the time limit, never spinning again', async ({
  page,
}) => {
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Never opened ${Date.now().toString(36)}` });
  const me = await withRoleProfile(await createUser());
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();

  let detailsAsked = 0;
  await page.route('**/rest/v1/**', (route) => {
    if (route.request().url().endsWith('/rpc/get_mission_details')) detailsAsked += 1;
    // Swallowed: no answer, no failure. The reachability check (/healthz) still answers.
  });
  // Opened from within the app, as a link would: nothing of this mission is on the device.
  await page.evaluate((path) => {
    history.pushState({}, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/mission/${mission.mission_id}`);
  await expect(page.getByText(LOADING)).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible(GIVES_UP);
  await expect(page.getByText(LOADING)).toHaveCount(0);

  // From now on, note any moment the spinner comes back while the app keeps trying.
  await page.evaluate((text) => {
    const seen = window as unknown as { spunAgain?: boolean };
    seen.spunAgain = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes(text)) seen.spunAgain = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, LOADING);
  // The check answers, so the app tries the read again; two more attempts, each lost after the time limit.
  const asked = detailsAsked;
  await expect.poll(() => detailsAsked, { timeout: 60_000 }).toBeGreaterThanOrEqual(asked + 2);
  await expect(tryAgain).toBeVisible(GIVES_UP);
  expect(await page.evaluate(() => (window as unknown as { spunAgain?: boolean }).spunAgain)).toBe(false);
  await expectNoA11yViolations(page);

  // The calls get through again: the next attempt shows the mission, with no reload.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByRole('heading', { name: mission.name })).toBeVisible(GIVES_UP);
});
