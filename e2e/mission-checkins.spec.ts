import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_SCHEDULE } from '../packages/contract/src/conference.ts';
import { spawnServer, type SpawnedServer } from '../apps/server/test/process-harness.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { expect, test, type Page } from './support/test.ts';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  useServer,
  withAuthenticator,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * Check-ins after the conference (docs/product.md#check-ins) and the organisers' "After the event".
 * The server's time is set where the journey needs it the way the other journeys do it: by the
 * programme's dates against the clock. This spec starts its own server whose sample programme ended
 * 30 days before today at the venue, so "today" is check-in day 30 and its notification pass (every
 * second here) asks each mission's owners; exactly when, with the jobs' clock set by the test, is
 * proven on the server (features/progress/checkins.test.ts).
 */

const TIME_ZONE = 'Africa/Johannesburg';
const DAYS = Math.max(...SESSION_SCHEDULE.map((entry) => entry.day));

/** Today at the venue, less `days` days (YYYY-MM-DD). */
function venueDayBefore(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

/** Signs in on this spec's server through the real sign-in screen. */
async function signIn(page: Page, user: Pick<E2EUser, 'email' | 'dateOfBirth'>): Promise<void> {
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Date of Birth').fill(user.dateOfBirth);
  // A new server on a loaded machine may answer the app's first connection check late.
  await expect(page.getByText('You are offline.', { exact: false })).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

let server: SpawnedServer | undefined;
let url = '';
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  url = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-checkins-'));
  server = await spawnServer(
    {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      // The programme's last day was 30 days ago at the venue: today is check-in day 30.
      CONFERENCE_START_DATE: venueDayBefore(30 + DAYS - 1),
      CONFERENCE_TIME_ZONE: TIME_ZONE,
      MAIL_DIGEST_INTERVAL_SECONDS: '1',
    },
    120_000,
  );
  useServer({ url, dataDir });
});

test.afterAll(async () => {
  useServer();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the 30-day check-in reaches the owner’s bell, is answered on its page by keyboard and becomes an update', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await withRoleProfile(await createUser({ firstName: 'Olwethu' }));
  const mission = await createMission(owner, { p_name: `Reading Circle ${Date.now().toString(36)}` });
  await createMission(await withRoleProfile(await createUser()), { p_name: `Quiet Garden ${Date.now().toString(36)}` });
  await signIn(page, owner);

  // The pass claims the check-in within a second or two; the open bell hears of it.
  const bellButton = page.getByRole('button', { name: /^Notifications, 1 unread$/ });
  await expect(bellButton).toBeVisible({ timeout: 30_000 });
  await bellButton.click();
  const line = `How is “${mission.name}” going? Answer the check-in: what happened, what you need now, and whether the team is still together.`;
  await page.getByRole('link', { name: line }).click();
  await expect(page).toHaveURL(new RegExp(`/mission/${mission.mission_id}/check-in/30$`));
  const heading = page.getByRole('heading', { level: 1, name: `How is “${mission.name}” going?` });
  await expect(heading).toBeVisible();
  await expect(page.getByText('On: the owners are asked 30, 60 and 90 days after the conference.')).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, heading);

  // By keyboard: the two texts, "No" to the team question with the arrow key, then send with Enter.
  await page.getByLabel('What happened').focus();
  await page.keyboard.type('We met the ward councillor and found a room.');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ten more readers');
  await page.getByRole('radio', { name: 'Yes, the team is still together' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'No, the team is not together any more' })).toBeChecked();
  await page.getByRole('button', { name: 'Send the check-in' }).focus();
  await page.keyboard.press('Enter');
  const thanks = page.getByText('Thank you: the check-in is answered');
  await expect(thanks).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, thanks);

  await page.getByRole('link', { name: 'See the mission’s updates' }).click();
  const update = page.getByRole('heading', { name: 'Check-in after 30 days' });
  await expect(update).toBeVisible();
  await expect(page.getByText('What happened: We met the ward councillor and found a room.')).toBeVisible();
  await expect(page.getByText('The team is not together any more.')).toBeVisible();

  // Switching the check-ins off for the mission, on the same page.
  await page.goto(`${url}/mission/${mission.mission_id}/check-in/60`);
  await expect(page.getByText(/This check-in opens on/)).toBeVisible();
  await page.getByRole('button', { name: 'Switch check-ins off' }).click();
  await expect(page.getByText('Off: nobody is asked for this mission.')).toBeVisible();
});

test('an organiser reads every mission after the event and filters those without news for 30 days', async ({ page }) => {
  test.setTimeout(180_000);
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto(`${url}/organiser/after-the-event`);
  await expect(page.getByRole('heading', { level: 1, name: 'After the event' })).toBeVisible();
  const rows = page.getByTestId('after-event-mission');
  await expect(rows.filter({ hasText: 'Reading Circle' })).toContainText('Last update: “Check-in after 30 days”');
  await expect(rows.filter({ hasText: 'Reading Circle' })).toContainText('We met the ward councillor and found a room.');
  await expect(rows.filter({ hasText: 'Quiet Garden' })).toContainText('No news for 30 days');
  await expect(page.getByTestId('after-event-figures')).toContainText('With an update after 30 days');
  await expectNoA11yViolationsEverywhere(page, rows.first());

  await page.getByLabel('Only missions with no news for 30 days').check();
  await expect(rows.filter({ hasText: 'Reading Circle' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Quiet Garden' })).toHaveCount(1);
  await expectNoA11yViolationsEverywhere(page, rows.first());
});

/** The check-in page's heading in each language the app speaks besides English (the catalogues' words). */
const HEADINGS = {
  af: (mission: string) => `Hoe gaan dit met “${mission}”?`,
  zu: (mission: string) => `“${mission}” iqhubeka kanjani?`,
  xh: (mission: string) => `“${mission}” iqhuba njani?`,
} as const;

for (const language of ['af', 'zu', 'xh'] as const) {
  test(`an owner whose account speaks ${language} reads the check-in in it`, async ({ browser }) => {
    test.setTimeout(120_000);
    const owner = await withRoleProfile(await createUser());
    const response = await fetch(`${url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: 'mission-control', authorization: `Bearer ${owner.session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { language } }),
    });
    expect(response.ok).toBe(true);
    const mission = await createMission(owner, { p_name: `Solar ${language} ${Date.now().toString(36)}` });
    const page = await (await browser.newContext({ locale: 'en-ZA' })).newPage();
    await signIn(page, owner);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.goto(`${url}/mission/${mission.mission_id}/check-in/30`);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[language](mission.name) })).toBeVisible();
    // Sent by the pass within a second or two: the form appears, its button in the language, not English.
    await expect(async () => {
      await page.reload();
      await expect(page.locator('form textarea').first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Send the check-in' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.context().close();
  });
}
