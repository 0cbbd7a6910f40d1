import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test, type Page } from './support/test.ts';
import { E2E_SEEDED_PORT } from './support/env.ts';
import { expectNoA11yViolations } from './support/app.ts';
import { encodeDateOfBirth } from '../packages/contract/src/credential.ts';

/**
 * All Missions with 2,000 missions (docs/decisions/025-virtualised-missions-list-and-prefetching.md): the list
 * keeps a bounded number of cards in the page, scrolls to the last one, search finds a late one,
 * and Tab still reaches every card in turn. The shared journey server holds a few dozen missions,
 * so these run against a server of their own, seeded through SQL (bench/seeded-server.ts).
 */
const MISSIONS = 2_000;
const PORT = E2E_SEEDED_PORT;
const SEEDED_URL = `http://localhost:${PORT}`;
/** Far fewer than 2,000: only the rows near the screen are in the page. */
const MAX_CARDS_IN_PAGE = 60;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: SEEDED_URL });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  // Creating the embedded database is slow on a busy machine; seeding itself takes seconds.
  test.setTimeout(240_000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/seeded-server.ts'], {
    env: { ...process.env, PORT: String(PORT), MISSIONS: String(MISSIONS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the seeded server exited with code ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) resolve();
    });
  });
  // The server writes each mission's JSON on the first list call after seeding (then keeps it):
  // with 2,000 missions on a busy machine, that call can outlast the app's 8 s limit for a read,
  // and the screen would say it is offline. The journeys are about the list in the page, so the
  // first call is made here.
  const signedIn = await fetch(`${SEEDED_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'e2e' },
    body: JSON.stringify({ email: 'bench.user1@example.org', password: encodeDateOfBirth('1990-01-01') }),
  });
  const { access_token: token } = (await signedIn.json()) as { access_token?: string };
  if (!token) throw new Error(`the seeded person could not sign in: ${signedIn.status}`);
  const listed = await fetch(`${SEEDED_URL}/rest/v1/rpc/get_mission_list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'e2e', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!listed.ok) throw new Error(`the first list call failed: ${listed.status}`);
  await listed.arrayBuffer();
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

async function openAllMissions(page: Page): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('bench.user1@example.org');
  await page.getByLabel('Date of Birth').fill('1990-01-01');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/view-all-missions');
  await expect(page.getByRole('status').filter({ hasText: `${MISSIONS.toLocaleString('en-US')} missions` })).toBeAttached();
}

const cards = (page: Page) => page.getByTestId('mission-card');
const cardAt = (page: Page, position: number) => page.getByRole('list', { name: 'Missions' }).locator(`li[aria-posinset="${position}"]`);

test('2,000 missions: a bounded list that scrolls to the end', async ({ page }) => {
  await openAllMissions(page);
  // The person's own mission first, then the rest; each card knows its place in the whole list.
  await expect(cardAt(page, 1).getByRole('heading', { name: 'Mission 1', exact: true })).toBeVisible();
  await expect(cardAt(page, 1)).toHaveAttribute('aria-setsize', String(MISSIONS));
  expect(await cards(page).count()).toBeLessThanOrEqual(MAX_CARDS_IN_PAGE);

  // Scrolling to the bottom brings the last card in (its rows are measured on the way, so the
  // bottom may move: scroll again until the last card is there).
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cardAt(page, MISSIONS)).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  await expect(cardAt(page, 1)).toHaveCount(0);
  expect(await cards(page).count()).toBeLessThanOrEqual(MAX_CARDS_IN_PAGE);
  await expectNoA11yViolations(page);
});

test('2,000 missions: search finds a late mission at once', async ({ page }) => {
  await openAllMissions(page);
  await page.getByRole('searchbox', { name: 'Search missions' }).fill('Mission 1987');
  await expect(page.getByRole('status').filter({ hasText: '1 mission' })).toBeAttached();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading', { name: 'Mission 1987', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search missions' }).fill('');
  await expect(page.getByRole('status').filter({ hasText: `${MISSIONS.toLocaleString('en-US')} missions` })).toBeAttached();
  expect(await cards(page).count()).toBeLessThanOrEqual(MAX_CARDS_IN_PAGE);
});

test('2,000 missions: Tab moves through every card in order, past the first screen', async ({ page }) => {
  await openAllMissions(page);
  const initiallyInPage = await cards(page).count();
  await cardAt(page, 1).getByRole('button').first().focus();
  const focusedPosition = () => page.evaluate(() => Number(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset') ?? 0));
  let position = 1;
  // Each card holds a few controls; keep tabbing until well past the cards that were first in the page.
  while (position <= initiallyInPage + 10) {
    await page.keyboard.press('Tab');
    const next = await focusedPosition();
    // Never a card skipped, never focus lost outside the list.
    expect([position, position + 1]).toContain(next);
    position = next;
  }
  await expect(page.locator(':focus')).toBeInViewport();
});
