import { expect, test, type Page } from './support/test.ts';
import { backoffDelayMs } from '../apps/web/src/lib/networkPolicy.ts';
import { createMission, createUser, rpc, signInViaUi, withRoleProfile } from './support/app.ts';
import { blockNetwork } from './support/blocked-network.ts';

/**
 * A network that lies (docs/product.md#offline-and-updates): connected, but nothing gets through or
 * it crawls. The app treats a request with no answer in time, or one that fails while the browser
 * claims to be online, as offline: the banner, the kept copies, actions refused; it probes in the
 * background and comes back by itself. The service worker is blocked here (as in every journey but
 * offline.spec.ts), so page.route() sees every request; first-visits.spec.ts covers the worker.
 */

const OFFLINE_MESSAGE = 'You are offline: this needs a connection, and nothing was sent or saved. Try again when you are back online.';
/** The app's time limit is 8 s (lib/networkPolicy.ts); a loaded machine adds its own delay. */
const GIVES_UP = { timeout: 25_000 };
/** The policy's longest wait between two probes: its cap with the most jitter. */
const LONGEST_PROBE_WAIT_MS = Math.max(...Array.from({ length: 8 }, (_, attempt) => backoffDelayMs(attempt, () => 1)));

function sidebarLink(page: Page, name: string) {
  return page.getByRole('link', { name, exact: true }).first();
}

/** Whether the answers kept on this device hold every one of these texts. */
function kept(page: Page, texts: string[]): Promise<boolean> {
  return page.evaluate(
    (wanted) => wanted.every((text) => Object.entries(localStorage).some(([key, value]) => key.startsWith('offline_cache:') && value.includes(text))),
    texts,
  );
}

test('every request hangs while the browser says online: offline banner, kept screens, refused actions, back by itself, and a lost vote stays cast', async ({
  page,
}) => {
  test.slow();
  // The page's timers run on a clock the journey can move on: the probe that brings the app back
  // waits the policy's backoff, which depends on how long the network was down.
  await page.clock.install();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Hanging Wi-Fi ${Date.now().toString(36)}` });
  const me = await withRoleProfile(await createUser());
  const mine = await createMission(me, { p_name: `Lying link crew ${Date.now().toString(36)}` });
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();

  await sidebarLink(page, 'My Mission').click();
  await expect(page.getByRole('heading', { name: mine.name })).toBeVisible();
  await sidebarLink(page, 'All Missions').click();
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await expect(card.getByRole('button', { name: 'Vote', exact: true })).toBeVisible();
  await expect.poll(() => kept(page, [mine.name, mission.name, 'Call the council'])).toBe(true);

  // From now on nothing answers. The vote reaches the server, but its answer is lost on the way back.
  const subscriptionsSent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rest/v1/rpc/toggle_mission_subscription')) subscriptionsSent.push(request.url());
  });
  let voteApplied = false;
  await page.route('**/*', () => undefined);
  await page.route('**/rest/v1/rpc/toggle_mission_vote', async (route) => {
    await route.fetch();
    voteApplied = true;
  });
  await card.getByRole('button', { name: 'Vote', exact: true }).click();
  await expect(page.getByText(OFFLINE_MESSAGE).first()).toBeVisible(GIVES_UP);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(/^You are offline: showing what you saw at \d{1,2}:\d{2}(\s?[AP]M)?\./);
  await expect(card.getByRole('button', { name: 'Vote', exact: true })).toBeEnabled();
  await expect.poll(() => voteApplied).toBe(true);
  expect((await rpc<{ is_voted: boolean }>(me, 'get_mission_details', { p_mission_id: mission.mission_id, p_user_id: me.id })).is_voted).toBe(true);

  // Actions are refused at once, with nothing sent.
  await card.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Subscribe', exact: true })).toBeEnabled();
  expect(subscriptionsSent).toEqual([]);
  // Screens show what the person saw: their mission, and a dashboard that knows their progress.
  await sidebarLink(page, 'My Mission').click();
  await expect(page.getByRole('heading', { name: mine.name })).toBeVisible();
  await sidebarLink(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();
  await expect(page.getByText('Complete Survey Required')).toHaveCount(0);
  await expect(banner).toBeVisible();
  expect(subscriptionsSent).toEqual([]);

  // The network comes back. The next probe is at most the policy's longest wait away: the clock
  // moves on by that much, and the banner goes by itself, without a reload.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.clock.fastForward(LONGEST_PROBE_WAIT_MS);
  await expect(banner).toHaveCount(0);
  expect((await rpc<{ is_voted: boolean }>(me, 'get_mission_details', { p_mission_id: mission.mission_id, p_user_id: me.id })).is_voted).toBe(true);
});

test('the dashboard never guesses: a survey status that cannot be read says so, with a retry, never "Complete Survey Required"', async ({ page }) => {
  const me = await withRoleProfile(await createUser());
  let failing = true;
  await page.route('**/rest/v1/rpc/get_survey_status', (route) => (failing ? route.abort('failed') : route.continue()));
  await signInViaUi(page, me);
  const card = page.getByRole('region', { name: 'Status unavailable' });
  await expect(card).toBeVisible(GIVES_UP);
  await expect(card).toContainText(OFFLINE_MESSAGE);
  await expect(page.getByText('Complete Survey Required')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' }).first()).toBeVisible();

  // The network recovers: the probe notices and the card shows the real status by itself.
  failing = false;
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible(GIVES_UP);
  await expect(page.getByText('Complete Survey Required')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('a 3G-like link (400 ms, 400 kbit/s) is slow, not broken: screens arrive without going offline or retrying', async ({ page }) => {
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner);
  const me = await withRoleProfile(await createUser());
  const calls = new Map<string, number>();
  page.on('request', (request) => {
    const name = /\/rest\/v1\/rpc\/([a-z_]+)/.exec(request.url())?.[1];
    if (name) calls.set(name, (calls.get(name) ?? 0) + 1);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });

  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible({ timeout: 20_000 });
  await sidebarLink(page, 'All Missions').click();
  await expect(page.getByTestId('mission-card').filter({ hasText: mission.name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  // No call was sent again because it was slow.
  expect(calls.get('get_mission_list')).toBe(1);
  expect(calls.get('get_survey_status')).toBe(1);
});

/** The mission list, with the person's own votes and follows. */
const MISSION_LIST = '**/rest/v1/rpc/get_mission_list';
/** One mission's details: what a press reads first when an earlier toggle's answer was lost. */
const MISSION_DETAILS = '**/rest/v1/rpc/get_mission_details';

/**
 * Holds a page's own marks on the mission list (its votes and follows) as they were before the
 * vote, while the rest of the list comes fresh: the screen keeps saying "Vote", as one that has not
 * been read afresh does, and the press is what decides. The hold ends as the press's check (the
 * mission's details, read before a toggle is sent again) is answered, and from then on the list
 * tells the truth. It cannot end any earlier: other journeys create missions on the shared server,
 * and the live channel then has the list read again at any moment, which would turn the button to
 * "Unvote" before the press.
 */
async function holdListAsBeforeTheVote(page: Page, mission: { mission_id: string; name: string }): Promise<void> {
  let holding = true;
  let heldMarks: unknown = null;
  await page.route(MISSION_LIST, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { missions: unknown; marks: unknown };
    heldMarks ??= list.marks;
    await route.fulfill({ status: response.status(), contentType: 'application/json', json: holding ? { ...list, marks: heldMarks } : list });
  });
  await page.route(MISSION_DETAILS, async (route) => {
    const response = await route.fetch();
    if ((route.request().postDataJSON() as { p_mission_id?: string } | null)?.p_mission_id === mission.mission_id) holding = false;
    await route.fulfill({ response });
  });
  await sidebarLink(page, 'All Missions').click();
  await expect.poll(() => heldMarks).not.toBeNull();
  // Other journeys add missions to the shared server meanwhile; the list only draws the cards near
  // the screen, so the search keeps this one drawn however many arrive above it.
  await page.getByRole('searchbox', { name: 'Search missions' }).fill(mission.name);
}

/** Every vote toggle any page of the context sends; the first reaches the server but its answer never comes back. */
async function loseTheFirstVoteAnswer(page: Page): Promise<string[]> {
  const sent: string[] = [];
  await page.context().route('**/rest/v1/rpc/toggle_mission_vote', async (route) => {
    sent.push(route.request().postData() ?? '');
    if (sent.length === 1) await route.fetch();
    else await route.continue();
  });
  return sent;
}

type Engagement = { is_voted: boolean; vote_count: number };

test('a vote whose answer was lost is checked before it is sent again: one vote on the server, and the button says so', async ({ page }) => {
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Lost answer ${Date.now().toString(36)}` });
  const me = await withRoleProfile(await createUser());
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();
  await holdListAsBeforeTheVote(page, mission);
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  const vote = card.getByRole('button', { name: 'Vote', exact: true });
  const togglesSent = await loseTheFirstVoteAnswer(page);

  // The toggle is applied on the server, but its answer never arrives: the app gives up and goes offline.
  await vote.click();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible(GIVES_UP);
  expect(togglesSent).toHaveLength(1);
  expect(await rpc<Engagement>(me, 'get_mission_details', { p_mission_id: mission.mission_id, p_user_id: me.id })).toMatchObject({
    is_voted: true,
    vote_count: 1,
  });

  // The probe finds the server; the screen still says "Vote", and the person presses it again.
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, GIVES_UP);
  await expect(vote).toBeEnabled();
  const checked = page.waitForResponse((response) => response.url().endsWith('/rest/v1/rpc/get_mission_details'));
  await vote.click();
  expect((await checked).ok()).toBe(true);
  await expect(card.getByRole('button', { name: 'Unvote', exact: true })).toBeEnabled();
  await expect(card.getByTestId('card-votes')).toHaveText('1');
  expect(togglesSent).toHaveLength(1);
  expect(await rpc<Engagement>(me, 'get_mission_details', { p_mission_id: mission.mission_id, p_user_id: me.id })).toMatchObject({
    is_voted: true,
    vote_count: 1,
  });
});

test('a vote whose answer was lost in one tab is checked when pressed in another: one vote on the server', async ({ page }) => {
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Two tabs ${Date.now().toString(36)}` });
  const me = await withRoleProfile(await createUser());
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();
  await holdListAsBeforeTheVote(page, mission);
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await expect(card.getByRole('button', { name: 'Vote', exact: true })).toBeEnabled();
  const togglesSent = await loseTheFirstVoteAnswer(page);

  // A second tab of the same person votes; the answer is lost there.
  const other = await page.context().newPage();
  await other.goto('/view-all-missions');
  await other.getByRole('searchbox', { name: 'Search missions' }).fill(mission.name);
  const otherCard = other.getByTestId('mission-card').filter({ hasText: mission.name });
  await otherCard.getByRole('button', { name: 'Vote', exact: true }).click();
  await expect(other.getByText(OFFLINE_MESSAGE)).toBeVisible(GIVES_UP);
  expect(togglesSent).toHaveLength(1);

  // The first tab still says "Vote" (a vote's own flag is not something the live channel sends): pressing it casts nothing twice.
  const vote = card.getByRole('button', { name: 'Vote', exact: true });
  await expect(vote).toBeEnabled();
  await vote.click();
  await expect(card.getByRole('button', { name: 'Unvote', exact: true })).toBeEnabled();
  expect(togglesSent).toHaveLength(1);
  expect(await rpc<Engagement>(me, 'get_mission_details', { p_mission_id: mission.mission_id, p_user_id: me.id })).toMatchObject({
    is_voted: true,
    vote_count: 1,
  });
});

test('a screen with nothing kept says it cannot load, with "Try again", which reads it once the network is back', async ({ page }) => {
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner, { p_name: `Try again ${Date.now().toString(36)}` });
  const me = await withRoleProfile(await createUser());
  await signInViaUi(page, me);
  await expect(page.getByRole('heading', { name: 'Your Role Profile' })).toBeVisible();
  await sidebarLink(page, 'All Missions').click();
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();

  // Every call fails at once, the probe too; the mission was never opened, so nothing is kept for it.
  const network = await blockNetwork(page);
  await card.getByRole('link', { name: 'View Details' }).click();
  const error = page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE });
  await expect(error).toBeVisible(GIVES_UP);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Mission Details' })).toBeVisible();

  // Two probes have failed, so the next is seconds away (lib/networkPolicy.ts): the network comes
  // back and the person presses "Try again", which checks at once (lib/network.test.ts).
  await expect.poll(() => network.probes).toBeGreaterThanOrEqual(2);
  network.down = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  network.pressed();
  await expect(page.getByRole('heading', { level: 1, name: mission.name })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('the role profile view never says "No Profile Yet" when it simply could not ask: it says it cannot load, with "Try again"', async ({ page }) => {
  const me = await withRoleProfile(await createUser());
  // The profile's read fails, and so does every check the app makes while that lasts.
  const network = await blockNetwork(page, '**/rest/v1/rpc/get_user_role_profile');
  await signInViaUi(page, me);
  await expect(page.getByRole('region', { name: 'Status unavailable' })).toBeVisible(GIVES_UP);
  await sidebarLink(page, 'Profile').click();
  const error = page.getByRole('alert').filter({ hasText: OFFLINE_MESSAGE });
  await expect(error).toBeVisible(GIVES_UP);
  await expect(page.getByText('No Profile Yet')).toHaveCount(0);

  // Two checks have failed, so the next is seconds away: the network returns and the person asks.
  await expect.poll(() => network.probes).toBeGreaterThanOrEqual(2);
  network.down = false;
  await error.getByRole('button', { name: 'Try again' }).click();
  network.pressed();
  await expect(page.getByText('Navigator')).toBeVisible();
  await expect(page.getByText('No Profile Yet')).toHaveCount(0);
});
