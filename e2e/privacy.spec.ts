import { expect, test } from './support/test.ts';
import { createUser, enterAuthenticatorCode, makeOrganiser, screenReady, signIn, trackApiCalls, withAuthenticator } from './support/app.ts';

/** The public privacy page (docs/product.md#privacy-page): reached from the landing page and sign-up, edited in the console. */

// One page for the whole server: the template is read before an organiser changes it, and put back after.
test.describe.configure({ mode: 'serial' });

test('a visitor reads the privacy page from the landing page and from sign-up, with the real retention periods', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  for (const heading of ['Who runs this app', 'What is collected and why', 'How long it is kept', 'Your rights', 'Contact']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The server's defaults, filled in where the template names them.
  await expect(page.getByText('A signed-in session: until you sign out, or 90 days after it was last used.')).toBeVisible();
  await expect(page.getByText('Backups of the database: 14 days.', { exact: false })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('{');

  await page.goto('/signup');
  await page.getByRole('link', { name: /Privacy/ }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an organiser rewrites the privacy page in the console and everyone reads it; the template comes back', async ({ page, browser }) => {
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy page' })).toBeVisible();
  const field = page.getByLabel('Privacy page text');
  await expect(field).toHaveValue(/\{session_idle_days\}/);
  await field.fill('## Who we are\nThe Harbour Trust runs this event.\n- Sessions end after {session_idle_days} days.');
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Sessions end after 90 days.');
  await page.getByRole('button', { name: 'Save privacy page' }).click();
  await expect(page.getByText('The privacy page is saved.')).toBeVisible();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  trackApiCalls(visitor);
  await visitor.goto('/privacy');
  await screenReady(visitor, visitor.getByRole('heading', { level: 2, name: 'Who we are' }));
  await expect(visitor.getByText('Sessions end after 90 days.')).toBeVisible();
  await expect(visitor.getByText(/Last changed/)).toBeVisible();

  await page.getByRole('button', { name: 'Use the template' }).click();
  await expect(page.getByText('The privacy page shows the template again.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Your rights' })).toBeVisible();
  await visitorContext.close();
});
