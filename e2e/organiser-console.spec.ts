import { expect, test, type Page } from './support/test.ts';
import {
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  screenReady,
  signIn,
  trackApiCalls,
  withAuthenticator,
  signInAsNewOrganiser,
} from './support/app.ts';

/** The organiser console: who sees it, its sections on a laptop and on a phone, the organisers panel and the audit log. */

const SECTIONS = ['Overview', 'Programme', 'Missions', 'People', 'Exports', 'Privacy page', 'Audit log'] as const;

async function openSection(page: Page, label: (typeof SECTIONS)[number]): Promise<void> {
  trackApiCalls(page);
  const link = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true });
  const heading = page.getByRole('heading', { level: 1, name: label });
  // On a phone, on a loaded machine, a press on the sections' bar was once lost (the link kept its
  // hover, nothing was fetched; cause not found): the journey presses again, as a person would.
  await expect(async () => {
    await link.click();
    await expect(heading).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await screenReady(page, heading);
}

test('an attendee sees no console entry and a clear "not allowed" page at /organiser', async ({ page }) => {
  const attendee = await createUser();
  trackApiCalls(page);
  await signIn(page, attendee);
  await expect(page.getByRole('link', { name: 'All Missions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Organiser console' })).toHaveCount(0);

  for (const path of ['/organiser', '/organiser/audit-log']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Organisers only' })).toBeVisible();
    await expect(page.getByText('your account is not an organiser')).toBeVisible();
  }
  await screenReady(page, page.getByRole('heading', { level: 1, name: 'Organisers only' }));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an organiser opens the console from the sidebar and visits every section (laptop), axe-clean', async ({ page }) => {
  // Six full axe scans of sections with real content: on a busy machine that outlasts the default minute.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInAsNewOrganiser(page);
  await page.getByRole('link', { name: 'Organiser console' }).click();
  await expect(page).toHaveURL(/\/organiser$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // The sidebar entry stays marked while any section is open.
  await openSection(page, 'Exports');
  await expect(page.getByRole('link', { name: 'Organiser console' })).toHaveAttribute('aria-current', 'page');

  for (const label of SECTIONS) {
    await openSection(page, label);
    await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoA11yViolations(page);
  }
  // An attendee screen still works for an organiser.
  await page.getByRole('link', { name: 'All Missions' }).click();
  await expect(page).toHaveURL(/\/view-all-missions$/);
});

test('on a phone the console is reached through the menu and its sections scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewOrganiser(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Organiser console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await openSection(page, 'Audit log');
  await openSection(page, 'People');
  // Nothing is wider than the screen: the page does not scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page);
});

test('an organiser grants and revokes the role in the console, and the audit log shows both, filterable', async ({ page }) => {
  const organiser = await createUser({ firstName: 'Olive' });
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  const colleague = await createUser({ firstName: 'Colin' });
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/people');
  const panel = page.getByRole('list', { name: 'Organisers' });
  await expect(panel.getByText(organiser.email)).toBeVisible();

  await page.getByLabel('Make an organiser').fill('nobody.at.all@example.org');
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText('There is no account with that e-mail address. The person must sign up first.')).toBeVisible();

  await page.getByLabel('Make an organiser').fill(colleague.email);
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(panel.getByText(colleague.email)).toBeVisible();

  await page.getByRole('button', { name: `Revoke organiser role from ${colleague.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the organiser role?' });
  await expect(confirm).toBeVisible();
  // Colours are checked once the dialog has finished fading in.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await expectNoA11yViolations(page);
  await confirm.getByRole('button', { name: 'Revoke role' }).click();
  await expect(panel.getByText(colleague.email)).toHaveCount(0);

  await openSection(page, 'Audit log');
  const entries = page.getByRole('list', { name: 'Audit log entries' });
  const mine = entries.getByRole('listitem').filter({ hasText: colleague.email });
  await expect(mine).toHaveCount(2);
  // Newest first: the revoke, then the grant.
  await expect(mine.nth(0)).toContainText('Organiser: revoked');
  await expect(mine.nth(1)).toContainText('Organiser: granted');
  await mine.nth(0).getByText('Before and after').click();
  await expect(mine.nth(0).getByText('"is_organiser": true')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel('Kind of action').selectOption({ label: 'Organiser: granted' });
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText('Organiser: granted');
  await page.getByLabel('Person').selectOption({ label: 'command line' });
  await expect(entries.getByRole('listitem').filter({ hasText: organiser.email })).toHaveCount(1);
  await expect(mine).toHaveCount(0);
});
