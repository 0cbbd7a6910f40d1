import { expect, test } from './support/test.ts';
import { blockNetwork } from './support/blocked-network.ts';
import { createUser, signInViaUi, withRoleProfile, signInAsNewOrganiser } from './support/app.ts';

/**
 * Every part of a screen that reads data has a loading state, an error with "Try again", and shows
 * what it had when a refresh fails (docs/product.md#offline-and-updates): one component for all of
 * them (QueryState in components/ui/LoadError.tsx), here proven on the organiser console and on a
 * programme screen. network.spec.ts proves the attendee's mission and profile screens.
 */

const OFFLINE_MESSAGE = 'You are offline: this needs a connection, and nothing was sent or saved. Try again when you are back online.';
/** The app's time limit is 8 s (lib/networkPolicy.ts); a loaded machine adds its own delay. */
const GIVES_UP = { timeout: 25_000 };

test('a console section that cannot load says so with "Try again", which asks the network at once and reads it', async ({ page }) => {
  test.slow();
  await signInAsNewOrganiser(page);
  await page.getByRole('link', { name: 'Organiser console' }).click();
  await expect(page.getByTestId('figure-registered')).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Console sections' });

  // Connected, but nothing gets through: a section never opened has nothing kept.
  const network = await blockNetwork(page);
  await sections.getByRole('link', { name: 'Missions', exact: true }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The missions could not be loaded' });
  await expect(error).toBeVisible(GIVES_UP);
  await expect(error).toContainText(OFFLINE_MESSAGE);
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  // Two checks have failed, so the next is seconds away (lib/networkPolicy.ts): the network comes
  // back and the organiser presses "Try again", which checks at once and reads the section again.
  await expect.poll(() => network.probes).toBeGreaterThanOrEqual(2);
  network.down = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  network.pressed();
  await expect(page.getByText(/\d+ missions?, \d+ hidden\. Showing \d+\./)).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // The smaller reads on the organiser's screens fail the same way: the announcement's recipients
  // and the recovery codes left each say so with the reason and "Try again", never a blank line.
  const refusedOnce = async (procedure: string, message: string) => {
    let refusing = true;
    await page.route(`**/rest/v1/rpc/${procedure}`, (route) =>
      refusing
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'P0001', message, details: null, hint: null }) })
        : route.fallback(),
    );
    return () => (refusing = false);
  };
  const countBack = await refusedOnce('count_announcement_recipients', 'The recipients are being recounted.');
  await sections.getByRole('link', { name: 'Announcements', exact: true }).click();
  const countError = page.getByRole('alert').filter({ hasText: 'The recipients could not be counted.' });
  await expect(countError).toContainText('The recipients are being recounted.', GIVES_UP);
  countBack();
  await countError.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('recipient-count')).toHaveText(/^This goes to [\d,]+ (person|people) now\.$/);
  await expect(countError).toHaveCount(0);

  const codesBack = await refusedOnce('mfa_recovery_codes_status', 'The codes are being checked.');
  await page.goto('/view-role-profile');
  const codesError = page.getByRole('alert').filter({ hasText: 'Your recovery codes could not be counted.' });
  await expect(codesError).toContainText('The codes are being checked.', GIVES_UP);
  codesBack();
  await codesError.getByRole('button', { name: 'Try again' }).click();
  // Set up through the API, the authenticator has no recovery codes yet.
  await expect(page.getByText('You have no recovery codes left. Make new ones so you can still sign in if you lose your phone.')).toBeVisible();
  await expect(codesError).toHaveCount(0);
});

test('a programme screen whose programme cannot be read says so inside the app, with "Try again", never a broken page', async ({ page }) => {
  const me = await withRoleProfile(await createUser());
  let failing = true;
  await page.route('**/content/v1/programme', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }) : route.fallback(),
  );
  await signInViaUi(page, me);
  await page.goto('/speakers-directory');

  const error = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await expect(error).toBeVisible(GIVES_UP);
  await expect(error).toContainText('The programme could not be loaded (HTTP 503)');
  // Inside the app: the menu is still there, and it is not the page for a broken screen.
  await expect(page.getByRole('link', { name: 'All Missions' }).first()).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  failing = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Speakers Directory' })).toBeVisible();
  await expect(page.getByTestId('speaker-card').first()).toBeVisible();
  await expect(error).toHaveCount(0);
});
