import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page, type Request, type Route, type WebSocketRoute } from './support/test.ts';
import {
  createMission,
  createUser,
  enterAuthenticatorCode,
  expectNoA11yViolations,
  makeOrganiser,
  organiserViaApi,
  rpc,
  screenReady,
  signIn,
  trackApiCalls,
  withAuthenticator,
  withRoleProfile,
  type E2EUser,
} from './support/app.ts';

/*
 * One after another, in one worker: while the closing-vote journey below has a round open, /live
 * shows that round instead of the everyday ranking the other journeys here look at.
 */
test.describe.configure({ mode: 'serial' });

/** Live results: counts that move without a reload, the fallback without them, and the closing-panel screen /live. */

const LIVE_SOCKET = /\/live\/v1\/websocket/;
/** The calls that read missions afresh: a live update must come without any of them. */
const MISSION_READS = /\/rest\/v1\/rpc\/(get_mission_list|get_mission_details|get_user_related_missions|get_mission_members)$/;
const isMissionRead = (url: URL) => MISSION_READS.test(url.pathname);

/**
 * Presses a button on a round's card in the console by keyboard. A card can move between a
 * pointer's press and its release (the create form above it closing once the list is read again,
 * or a round another journey just made arriving first, as the list shows the newest first), and
 * such a click reaches no button; focus stays on the button wherever the card goes.
 */
async function pressOnRoundCard(button: Locator): Promise<void> {
  await button.press('Enter');
}

/** The quiet indicator in the header (or on /live): its state is on `data-live-status`. */
function indicator(page: Page): Locator {
  return page.locator('[data-live-status]');
}

/** Counts the page's mission reads from now on. */
function countMissionReads(page: Page): { count: () => number } {
  let reads = 0;
  page.on('request', (request) => {
    if (isMissionRead(new URL(request.url()))) reads += 1;
  });
  return { count: () => reads };
}

interface MissionReads {
  /** Waits for the reads on their way to land, then holds every read the page starts until `release`. */
  hold(): Promise<void>;
  /** The procedures of the reads held so far. */
  held(): string[];
  /** Lets the held reads through and stops holding. */
  release(): Promise<void>;
}

/**
 * Follows the page's mission reads from now on, to hold them at a moment of the test's choosing:
 * what changes on screen meanwhile came through the live channel. A screen read again as it opens
 * (its cached data stale, or changed by a live message while another screen was open) is let land
 * before holding, so only reads the page starts afterwards are held.
 */
async function followMissionReads(page: Page): Promise<MissionReads> {
  let underWay = 0;
  let holding = false;
  const waiting: Route[] = [];
  const landed = (request: Request) => {
    if (isMissionRead(new URL(request.url()))) underWay -= 1;
  };
  page.on('request', (request) => {
    if (isMissionRead(new URL(request.url()))) underWay += 1;
  });
  page.on('requestfinished', landed);
  page.on('requestfailed', landed);
  await page.route(isMissionRead, (route) => (holding ? void waiting.push(route) : route.continue()));
  return {
    hold: async () => {
      await expect.poll(() => underWay).toBe(0);
      holding = true;
    },
    held: () => waiting.map((route) => new URL(route.request().url()).pathname.split('/').pop() ?? ''),
    release: async () => {
      holding = false;
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
    },
  };
}

async function voteAs(person: E2EUser, missionId: string): Promise<void> {
  expect(await rpc(person, 'toggle_mission_vote', { p_mission_id: missionId })).toBe('voted');
}

async function subscribeAs(person: E2EUser, missionId: string): Promise<void> {
  expect(await rpc(person, 'toggle_mission_subscription', { p_mission_id: missionId })).toBe('subscribed');
}

function sidebarLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** Each revealed place fades in over 0.7 s; axe reads colours as they are at its moment, so it waits for the end. */
async function fadedIn(places: Locator): Promise<void> {
  for (const place of await places.all()) await place.evaluate((row) => Promise.all(row.getAnimations().map((animation) => animation.finished)));
}

function card(page: Page, name: string): Locator {
  return page.getByTestId('mission-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe('live results', () => {
  test('a vote in one browser changes the count in another without a reload; /live reorders and passes axe', async ({ browser }) => {
    const first = await createMission(await withRoleProfile(await createUser({ firstName: 'Ada' })), { p_name: `Alpha ${Date.now()}` });
    const second = await createMission(await withRoleProfile(await createUser({ firstName: 'Bea' })), { p_name: `Beta ${Date.now()}` });
    const watcher = await createUser();
    const voter = await createUser();

    const watching = await browser.newContext();
    const watchPage = await watching.newPage();
    await signIn(watchPage, watcher, `/mission/${second.mission_id}`);
    await expect(watchPage.getByText(/0 votes?/i).first()).toBeVisible();

    const voting = await browser.newContext();
    const votePage = await voting.newPage();
    await signIn(votePage, voter, `/mission/${second.mission_id}`);
    await votePage.getByRole('button', { name: /^Vote/ }).first().click();

    // The watcher's page changes by itself.
    await expect(watchPage.getByText(/1 vote/i).first()).toBeVisible();

    await watchPage.goto('/live');
    await expect(watchPage.getByRole('heading', { name: 'Live results' })).toBeVisible();
    const rows = watchPage.getByTestId('live-row');
    await expect(rows.filter({ hasText: second.name }).first()).toBeVisible();
    // The room joins through a QR code of the app's public address (PUBLIC_URL, here the page's own) and /vote, drawn in the browser.
    await expect(watchPage.getByRole('img', { name: `QR code for ${new URL(watchPage.url()).origin}/vote` })).toBeVisible();
    await expect(watchPage.getByText('Join and vote at')).toBeVisible();
    await expect(watchPage.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await expect(watchPage.getByTestId('total-votes')).toHaveText(/^\d+$/);
    await expectNoA11yViolations(watchPage);
    // Two more votes for the first mission take it above the second, without a reload.
    for (const person of [await createUser(), await createUser()]) await voteAs(person, first.mission_id);
    await expect(async () => {
      const names = await rows.allTextContents();
      const a = names.findIndex((text) => text.includes(first.name));
      const b = names.findIndex((text) => text.includes(second.name));
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(b);
    }).toPass();
    await watching.close();
    await voting.close();
  });

  test('other people’s votes, subscriptions and team changes reach the dashboard card, My Mission, All Missions and the details page without a read, and the person’s own vote stays theirs', async ({
    page,
  }) => {
    const owner = await withRoleProfile(await createUser({ firstName: 'Olu' }));
    const mission = await createMission(owner, { p_name: `Live Everywhere ${randomUUID().slice(0, 6)}` });
    const others = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const newcomer = await createUser({ firstName: 'Newcomer', lastName: `Member${randomUUID().slice(0, 4)}` });
    const votes = page.getByTestId('engagement-votes');
    const reads = await followMissionReads(page);

    // The person votes for their own mission: their Vote/Unvote must stay theirs throughout.
    await signIn(page, owner, `/mission/${mission.mission_id}`);
    await page.getByRole('button', { name: 'Vote', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Unvote', exact: true })).toBeVisible();
    await expect(votes).toHaveText('1 vote');

    // Dashboard card.
    await sidebarLink(page, 'Dashboard').click();
    await expect(page.getByTestId('dashboard-mission-votes')).toHaveText('1 vote');
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');
    await reads.hold();
    await voteAs(others[0]!, mission.mission_id);
    await subscribeAs(others[0]!, mission.mission_id);
    await expect(page.getByTestId('dashboard-mission-votes')).toHaveText('2 votes');
    await expect(page.getByTestId('dashboard-mission-subscribers')).toHaveText('1 subscriber');
    expect(reads.held()).toEqual([]);
    await reads.release();

    // My Mission; a team change there is read again (the live message says only that it changed).
    await sidebarLink(page, 'My Mission').click();
    await expect(votes).toHaveText('2 votes');
    await reads.hold();
    await voteAs(others[1]!, mission.mission_id);
    await expect(votes).toHaveText('3 votes');
    expect(reads.held()).toEqual([]);
    await reads.release();
    await rpc(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: newcomer.id });
    await expect(page.getByText(newcomer.email)).toBeVisible();

    // All Missions: counts and team size move; the person's own Unvote stays.
    await sidebarLink(page, 'All Missions').click();
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(mission.name);
    const own = card(page, mission.name);
    await expect(own.getByTestId('card-votes')).toHaveText('3');
    await expect(own.getByTestId('card-team')).toHaveText('2');
    await reads.hold();
    await voteAs(others[2]!, mission.mission_id);
    await subscribeAs(others[2]!, mission.mission_id);
    expect(await rpc(owner, 'remove_mission_member', { p_mission_id: mission.mission_id, p_user_id: newcomer.id, p_removed_by: owner.id })).toBe(
      'member_deleted',
    );
    await expect(own.getByTestId('card-votes')).toHaveText('4');
    await expect(own.getByTestId('card-subscribers')).toHaveText('2');
    await expect(own.getByTestId('card-team')).toHaveText('1');
    await expect(own.getByRole('button', { name: 'Unvote', exact: true })).toBeVisible();
    expect(reads.held()).toEqual([]);
    await reads.release();

    // Mission details: another person's unvote lowers the count; the person's own vote stays. The
    // team change above made the cached details stale, so they are read again as the screen opens.
    const detailsRead = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/get_mission_details'));
    await own.getByRole('link', { name: 'View Details' }).click();
    await detailsRead;
    await expect(votes).toHaveText('4 votes');
    await reads.hold();
    expect(await rpc(others[2]!, 'toggle_mission_vote', { p_mission_id: mission.mission_id })).toBe('unvoted');
    await expect(votes).toHaveText('3 votes');
    await expect(page.getByRole('button', { name: 'Unvote', exact: true })).toBeVisible();
    expect(reads.held()).toEqual([]);
    await reads.release();

    // The person's own toggle counts once, whichever of its answer and the live message comes first.
    await page.getByRole('button', { name: 'Unvote', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Vote', exact: true })).toBeVisible();
    await expect(votes).toHaveText('2 votes');
    await voteAs(others[3]!, mission.mission_id);
    await expect(votes).toHaveText('3 votes');
    await expect(page.getByRole('button', { name: 'Vote', exact: true })).toBeVisible();
  });

  test('a list read put together before a vote but arriving after its live count does not take the count back', async ({ page }) => {
    const tag = `Crossed ${randomUUID().slice(0, 6)}`;
    const mission = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Voted` });
    await signIn(page, await createUser(), '/view-all-missions');
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    await expect(card(page, mission.name).getByTestId('card-votes')).toHaveText('0');
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');

    // The server answers the next list read at once, but the answer reaches the page only later.
    let answered: () => void = () => undefined;
    const serverAnswered = new Promise<void>((resolve) => (answered = resolve));
    let deliver: () => void = () => undefined;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/rest/v1/rpc/get_mission_list', async (route) => {
      const response = await route.fetch();
      answered();
      await delivered;
      await route.fulfill({ response });
    });
    // A mission the list does not know makes the page read the list again (live, within 3 s).
    const newcomer = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Newcomer` });
    await serverAnswered;
    // A vote after that answer was put together: its count comes live.
    await voteAs(await createUser(), mission.mission_id);
    await expect(card(page, mission.name).getByTestId('card-votes')).toHaveText('1');

    deliver();
    // The late answer has arrived once the mission it brought is on screen; the vote is still counted.
    await expect(card(page, newcomer.name)).toBeVisible();
    await expect(card(page, mission.name).getByTestId('card-votes')).toHaveText('1');
    await page.unroute('**/rest/v1/rpc/get_mission_list');
  });

  test('when the connection drops, the app says so quietly, reconnects by itself and catches up', async ({ page }) => {
    const mission = await createMission(await withRoleProfile(await createUser()), { p_name: `Reconnect ${randomUUID().slice(0, 6)}` });
    const voter = await createUser();
    // The socket goes through the test, which can cut it and refuse new ones while `blocked`.
    let blocked = false;
    let current: WebSocketRoute | null = null;
    await page.routeWebSocket(LIVE_SOCKET, (socket) => {
      if (blocked) {
        socket.close({ code: 1011, reason: 'blocked by the test' });
        return;
      }
      current = socket;
      socket.connectToServer();
    });
    await signIn(page, await createUser(), `/mission/${mission.mission_id}`);
    await expect(page.getByTestId('engagement-votes')).toHaveText('0 votes');
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');
    await expect(indicator(page)).toHaveText('');

    blocked = true;
    await (current as WebSocketRoute | null)?.close({ code: 1011, reason: 'network dropped' });
    await expect(indicator(page)).toHaveText('Live updates paused. Reconnecting…');
    await expectNoA11yViolations(page);
    // A vote while the connection is down does not show yet...
    await voteAs(voter, mission.mission_id);
    await expect(page.getByTestId('engagement-votes')).toHaveText('0 votes');

    // ...and does once the connection is back: the app reads afresh after reconnecting.
    const reads = countMissionReads(page);
    blocked = false;
    // The next attempt comes after the backoff so far: up to 10 s if three attempts failed meanwhile.
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live', { timeout: 20_000 });
    await expect(page.getByTestId('engagement-votes')).toHaveText('1 vote');
    await expect(indicator(page)).toHaveText('');
    expect(reads.count()).toBeGreaterThan(0);
    // Live again: the next vote arrives by itself.
    await voteAs(await createUser(), mission.mission_id);
    await expect(page.getByTestId('engagement-votes')).toHaveText('2 votes');
  });

  test('with WebSockets blocked, the app says so, reads afresh on focus and after an action, and never polls', async ({ page }) => {
    const tag = `Fallback ${randomUUID().slice(0, 6)}`;
    const watched = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Watched` });
    const other = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Other` });
    await page.routeWebSocket(LIVE_SOCKET, (socket) => socket.close({ code: 1011, reason: 'blocked by a proxy' }));
    await signIn(page, await createUser());
    await sidebarLink(page, 'All Missions').click();
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    const watchedCard = card(page, watched.name);
    await expect(watchedCard.getByTestId('card-votes')).toHaveText('0');
    // After three failed attempts (about 7 s of backoff) the indicator says what to expect.
    await expect(indicator(page)).toHaveText('Live updates are unavailable. Counts refresh when you return to this page.', { timeout: 20_000 });
    await expectNoA11yViolations(page);

    // Someone else votes: nothing polls, so nothing changes while the page sits idle...
    const reads = countMissionReads(page);
    await voteAs(await createUser(), watched.mission_id);
    // Idle long enough for a poll, or another reconnection attempt, to show: no read is made.
    await page.waitForTimeout(5_000);
    expect(reads.count()).toBe(0);
    await expect(watchedCard.getByTestId('card-votes')).toHaveText('0');

    // ...until the window regains focus: one fresh read.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(watchedCard.getByTestId('card-votes')).toHaveText('1');
    expect(reads.count()).toBeGreaterThan(0);

    // After the person's own action, too.
    await voteAs(await createUser(), watched.mission_id);
    await card(page, other.name).getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(card(page, other.name).getByRole('button', { name: 'Unsubscribe', exact: true })).toBeVisible();
    await expect(watchedCard.getByTestId('card-votes')).toHaveText('2');
    await expect(card(page, other.name).getByTestId('card-subscribers')).toHaveText('1');
  });

  test('All Missions sorts by most votes, most subscribers, newest and name, the person’s own first by default, and re-sorts live', async ({ page }) => {
    const tag = `Sorted ${randomUUID().slice(0, 6)}`;
    // Created in this order, so Birch is the newest and Cedar the oldest.
    const viewer = await withRoleProfile(await createUser());
    const cedar = await createMission(viewer, { p_name: `${tag} Cedar` });
    const aspen = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Aspen` });
    const birch = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Birch` });
    const people = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    // Votes: Aspen 2, Cedar 1, Birch 0. Subscribers: Birch 2, Cedar 1, Aspen 0.
    await voteAs(people[0]!, aspen.mission_id);
    await voteAs(people[1]!, aspen.mission_id);
    await voteAs(people[0]!, cedar.mission_id);
    await subscribeAs(people[0]!, birch.mission_id);
    await subscribeAs(people[1]!, birch.mission_id);
    await subscribeAs(people[2]!, cedar.mission_id);

    await signIn(page, viewer);
    await sidebarLink(page, 'All Missions').click();
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    const names = page.getByTestId('mission-card').getByRole('heading');
    const sort = page.getByRole('combobox', { name: 'Sort missions' });
    const order = (...words: string[]) => words.map((word) => `${tag} ${word}`);

    await expect(sort).toHaveValue('default');
    await expect(sort.locator('option:checked')).toHaveText('Yours first, then newest');
    await expect(names).toHaveText(order('Cedar', 'Birch', 'Aspen'));
    await sort.selectOption({ label: 'Most votes' });
    await expect(names).toHaveText(order('Aspen', 'Cedar', 'Birch'));
    await sort.selectOption({ label: 'Most subscribers' });
    await expect(names).toHaveText(order('Birch', 'Cedar', 'Aspen'));
    await sort.selectOption({ label: 'Newest' });
    await expect(names).toHaveText(order('Birch', 'Aspen', 'Cedar'));
    await sort.selectOption({ label: 'Name' });
    await expect(names).toHaveText(order('Aspen', 'Birch', 'Cedar'));
    await expectNoA11yViolations(page);

    // Most votes, while three people vote for Birch: it moves to the top without a reload.
    await sort.selectOption({ label: 'Most votes' });
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');
    for (const person of people.slice(2)) await voteAs(person, birch.mission_id);
    await expect(names).toHaveText(order('Birch', 'Aspen', 'Cedar'));
  });

  test('/live never shows a hidden mission, not even to its own team, and drops one as it is hidden', async ({ page }) => {
    const tag = `Projector ${randomUUID().slice(0, 6)}`;
    const owner = await withRoleProfile(await createUser());
    const hiddenLater = await createMission(owner, { p_name: `${tag} Hidden later` });
    const shown = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Shown` });
    const organiser = await organiserViaApi(await createUser());

    // The owner has the screen open.
    await signIn(page, owner, '/live');
    const rows = page.getByTestId('live-row');
    await expect(rows.filter({ hasText: shown.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: hiddenLater.name })).toHaveCount(1);
    await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');

    await rpc(organiser, 'hide_mission', { p_mission_id: hiddenLater.mission_id, p_reason: 'Off topic' });
    await expect(rows.filter({ hasText: hiddenLater.name })).toHaveCount(0);
    await expect(rows.filter({ hasText: shown.name })).toHaveCount(1);

    // Its owner still finds it in All Missions, marked hidden, without a reload...
    await page.getByRole('link', { name: 'Back to the app' }).click();
    await sidebarLink(page, 'All Missions').click();
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    await expect(card(page, hiddenLater.name).getByText('Hidden by the organisers')).toBeVisible();
    // ...but never on /live, after a reload either.
    await page.goto('/live');
    await expect(rows.filter({ hasText: shown.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: hiddenLater.name })).toHaveCount(0);
  });

  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`/live rows ${motion === 'reduce' ? 'jump without animating when the person prefers reduced motion' : 'glide to their new place'}`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: motion });
      // Counts every animation the page starts from script (the rows' glide uses element.animate).
      await page.addInitScript(() => {
        const scripted = { count: 0 };
        (window as unknown as { scripted: typeof scripted }).scripted = scripted;
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (this: Element, ...args: Parameters<typeof animate>) {
          scripted.count += 1;
          return animate.apply(this, args);
        };
      });
      const tag = `Motion ${randomUUID().slice(0, 6)}`;
      const leader = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Leader` });
      const climber = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Climber` });
      await voteAs(await createUser(), leader.mission_id);

      await signIn(page, await createUser(), '/live');
      const rows = page.getByTestId('live-row');
      const position = async (name: string) => (await rows.allTextContents()).findIndex((text) => text.includes(name));
      await expect(rows.filter({ hasText: climber.name })).toHaveCount(1);
      await expect(indicator(page)).toHaveAttribute('data-live-status', 'live');
      expect(await position(leader.name)).toBeLessThan(await position(climber.name));
      const scriptedBefore = await page.evaluate(() => (window as unknown as { scripted: { count: number } }).scripted.count);

      for (const person of [await createUser(), await createUser()]) await voteAs(person, climber.mission_id);
      await expect(async () => expect(await position(climber.name)).toBeLessThan(await position(leader.name))).toPass();
      const started = await page.evaluate(() => (window as unknown as { scripted: { count: number } }).scripted.count);
      if (motion === 'reduce') {
        expect(started - scriptedBefore).toBe(0);
        // Nor does any CSS transition run (the vote bars' width change included).
        expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
      } else {
        expect(started - scriptedBefore).toBeGreaterThan(0);
      }
    });
  }
});

/** Voting rounds: the organiser runs one from the console, attendees vote on /vote and check their receipts. */

async function attendeePage(browser: Browser, width: number): Promise<{ page: Page; user: E2EUser }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const user = await createUser();
  await signIn(page, user);
  return { page, user };
}

/**
 * Moves focus with Tab alone until the control named `name` has it; no press when it has it already
 * (after a vote, focus stays on the mission's button, now "Vote again"), since a headless browser
 * need not bring Tab back to the page's start after its last control.
 */
async function tabTo(page: Page, name: string): Promise<void> {
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
  for (let presses = 0; presses < 80; presses++) {
    if ((await focusedName()) === name) return;
    await page.keyboard.press('Tab');
  }
  if ((await focusedName()) === name) return;
  throw new Error(`Tab never reached "${name}"`);
}

test('an organiser creates, opens, closes and reveals a round; two attendees vote, one by keyboard, and check their receipts', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const first = await createMission(await withRoleProfile(await createUser()), { p_name: `Solar schools ${tag}`, p_statement: 'Panels on every school roof' });
  const second = await createMission(await withRoleProfile(await createUser()), { p_name: `River clean-up ${tag}`, p_statement: 'Clear the river banks' });
  const roundName = `Closing panel ${tag}`;

  await page.setViewportSize({ width: 1280, height: 900 });
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/rounds');
  await expect(page.getByRole('heading', { level: 1, name: 'Voting rounds' })).toBeVisible();
  await page.getByRole('button', { name: 'New round' }).click();
  await page.getByLabel('Round name').fill(roundName);
  await page.getByLabel('Votes per person').selectOption('2');
  await page.getByLabel('A shortlist of finalists').check();
  await page.getByRole('checkbox', { name: first.name }).check();
  await page.getByRole('checkbox', { name: second.name }).check();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Create round' }).click();
  const card = page.getByTestId('round-card').filter({ hasText: roundName });
  await expect(card.getByText('Not open yet')).toBeVisible();
  await pressOnRoundCard(card.getByRole('button', { name: `Open voting: ${roundName}` }));
  await expect(card.getByText('Open', { exact: true })).toBeVisible();

  // The projector follows the round; it prefers reduced motion, so the reveal shows at once.
  const projectorContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const projector = await projectorContext.newPage();
  await signIn(projector, await createUser(), '/live');
  const onScreen = projector.locator('[data-round-state]');
  await expect(onScreen).toHaveAttribute('data-round-state', 'open');
  await expect(projector.getByRole('heading', { name: roundName })).toBeVisible();
  await expect(projector.getByTestId('voter-count')).toHaveText('0');
  await expect(projector.getByRole('img', { name: /^QR code for https?:\/\/.+\/vote$/ })).toBeVisible();

  // The first attendee votes from a laptop: the dashboard links to the vote while it is open.
  const a = await attendeePage(browser, 1280);
  await a.page.getByRole('link', { name: 'Vote now' }).click();
  await expect(a.page).toHaveURL(/\/vote$/);
  await expect(a.page.getByRole('heading', { level: 1, name: roundName })).toBeVisible();
  await expect(a.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  await expect(a.page.getByText('Panels on every school roof')).toBeVisible();
  await a.page.getByRole('button', { name: `Vote for ${first.name}` }).click();
  await expect(a.page.getByRole('dialog', { name: `Vote for ${first.name}?` })).toBeVisible();
  await a.page.getByRole('button', { name: 'Confirm vote' }).click();
  await expect(a.page.getByTestId('votes-left')).toHaveText('1 of 2 left');
  await expect(a.page.getByText(`Your vote for ${first.name} is counted.`)).toBeVisible();
  // Taken back, then cast again: the vote is free while the round is open.
  await a.page.getByRole('button', { name: `Take back your vote for ${first.name}` }).click();
  await expect(a.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  for (const mission of [first, second]) {
    await a.page.getByRole('button', { name: `Vote for ${mission.name}` }).click();
    await a.page.getByRole('button', { name: 'Confirm vote' }).click();
    await expect(a.page.getByRole('button', { name: `Take back your vote for ${mission.name}` })).toBeVisible();
  }
  await expect(a.page.getByTestId('votes-left')).toHaveText('0 of 2 left');
  const receiptA = (await a.page.getByTestId('round-mission').filter({ hasText: first.name }).locator('code').textContent()) ?? '';
  expect(receiptA).toMatch(/^([0-9a-f]{4}-){7}[0-9a-f]{4}$/);
  await expectNoA11yViolations(a.page);

  // The second attendee votes on a phone with the keyboard only.
  const b = await attendeePage(browser, 390);
  await b.page.goto('/vote');
  await expect(b.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  await tabTo(b.page, `Vote for ${second.name}`);
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByRole('dialog', { name: `Vote for ${second.name}?` })).toBeVisible();
  await tabTo(b.page, 'Confirm vote');
  await b.page.keyboard.press('Enter');
  await expect(b.page.getByTestId('votes-left')).toHaveText('1 of 2 left');
  await expectNoA11yViolations(b.page);

  // Two people have voted; the counts stay off the projector until the reveal.
  await expect(projector.getByTestId('voter-count')).toHaveText('2', { timeout: 15_000 });
  expect(await onScreen.textContent()).not.toMatch(/\d+ votes?\b/);
  await expectNoA11yViolations(projector);

  // Closed: the attendee's screen says so by itself and keeps their votes.
  await pressOnRoundCard(card.getByRole('button', { name: `Close voting: ${roundName}` }));
  await expect(a.page.getByText('Voting has closed')).toBeVisible({ timeout: 15_000 });
  await expect(projector.getByText('Voting closed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(a.page.getByRole('heading', { name: 'Your votes' })).toBeVisible();
  await expect(a.page.getByText(receiptA)).toBeVisible();

  await pressOnRoundCard(card.getByRole('button', { name: `Reveal result: ${roundName}` }));
  await expect(a.page.getByRole('heading', { name: 'Result' })).toBeVisible({ timeout: 15_000 });
  await expect(onScreen).toHaveAttribute('data-round-state', 'revealed', { timeout: 15_000 });
  const places = projector.getByTestId('reveal-row');
  await expect(places).toHaveCount(2);
  await expect(places.first()).toContainText(second.name);
  await expect(places.first()).toContainText('2 votes');
  await expect(places.last()).toContainText('1 vote');
  await expect(places.first()).toHaveAttribute('data-shown', 'true');
  // Readable on a phone: names wrap, nothing runs off the side.
  await projector.setViewportSize({ width: 390, height: 800 });
  expect(await projector.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await fadedIn(places);
  await expectNoA11yViolations(projector);
  // The attendee's screen shows the result as the projector does: places, names, counts and bars.
  const result = a.page.getByRole('list', { name: 'Result' }).getByTestId('reveal-row');
  await expect(result).toHaveCount(2);
  await expect(result.first()).toContainText(`Place 1: ${second.name}, 2 votes.`);
  await expect(result.last()).toContainText(`Place 2: ${first.name}, 1 vote.`);
  await expect(result.first().getByTestId('reveal-bar')).toHaveAttribute('style', 'width: 100%;');
  await expect(result.last().getByTestId('reveal-bar')).toHaveAttribute('style', 'width: 50%;');
  await expect(a.page.getByTestId('result-row')).toHaveCount(0);
  // On the phone too, without running off the side.
  const onPhone = b.page.getByRole('list', { name: 'Result' }).getByTestId('reveal-row');
  await expect(onPhone.first()).toContainText(`Place 1: ${second.name}, 2 votes.`, { timeout: 15_000 });
  expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(b.page);
  await expect(a.page.getByText('Each of your receipts is in the published list, under the mission you voted for.')).toBeVisible();
  await a.page.getByLabel('Receipt code').fill('not a receipt');
  await a.page.getByRole('button', { name: 'Check receipt' }).click();
  await expect(a.page.getByText('A receipt code is 32 letters and digits (0–9, a–f), as shown on your vote screen')).toBeVisible();
  await a.page.getByLabel('Receipt code').fill(receiptA.toUpperCase());
  await a.page.getByRole('button', { name: 'Check receipt' }).click();
  await expect(a.page.getByText(`Counted for ${first.name}.`)).toBeVisible();
  await expectNoA11yViolations(a.page);

  // The organiser exports the revealed result.
  const download = page.waitForEvent('download');
  await pressOnRoundCard(card.getByRole('button', { name: 'Download result.csv' }));
  expect((await download).suggestedFilename()).toBe(`closing-panel-${tag}-result.csv`);
  await projectorContext.close();
  await a.page.context().close();
  await b.page.context().close();
});

/** The screens of one theme: an attendee's /vote and /live, and an organiser's console. */
interface ThemedScreens {
  theme: 'light' | 'dark';
  vote: Page;
  live: Page;
  console: Page;
}

async function trackedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  trackApiCalls(page);
  return page;
}

/**
 * An attendee's and an organiser's screens in the light theme, and the same sessions again in the
 * dark one (each person signs in once). Reduced motion: a toast or dialog still fading in would be
 * read by axe at half its contrast.
 */
async function screensInBothThemes(browser: Browser): Promise<ThemedScreens[]> {
  const options = (theme: 'light' | 'dark') => ({ colorScheme: theme, reducedMotion: 'reduce' as const, viewport: { width: 1280, height: 900 } });
  const attendee = await browser.newContext(options('light'));
  const vote = await trackedPage(attendee);
  await signIn(vote, await createUser());
  const organiserUser = await createUser();
  makeOrganiser(organiserUser);
  const secret = await withAuthenticator(organiserUser);
  const organiser = await browser.newContext(options('light'));
  const consolePage = await trackedPage(organiser);
  await signIn(consolePage, organiserUser);
  await enterAuthenticatorCode(consolePage, secret);
  const darkAttendee = await browser.newContext({ ...options('dark'), storageState: await attendee.storageState() });
  const darkOrganiser = await browser.newContext({ ...options('dark'), storageState: await organiser.storageState() });
  const dark = { vote: await trackedPage(darkAttendee), live: await trackedPage(darkAttendee), console: await trackedPage(darkOrganiser) };
  // A new context loads the app cold, which on a loaded machine can take longer than a screen's
  // usual wait: each dark page first waits for the signed-in dashboard.
  for (const page of Object.values(dark)) {
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached({ timeout: 60_000 });
  }
  return [
    { theme: 'light', vote, live: await trackedPage(attendee), console: consolePage },
    { theme: 'dark', ...dark },
  ];
}

/**
 * Runs axe on `path` at each width once `marker` is drawn and the page's calls have settled: opened
 * afresh at the first width, then at the second after the window is made wider, without loading
 * it again (as the other screens' checks in both themes at both widths do: every-look.ts).
 */
async function axeAtBothWidths(page: Page, theme: string, path: string, marker: (page: Page) => Locator): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    if (width === 390) await page.goto(path);
    await screenReady(page, marker(page));
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
    await expectNoA11yViolations(page);
  }
}

test('the round’s screens pass axe in both themes at 390 and 1280 px: /vote before, open, after a vote, closed and revealed, /live, and the console’s rounds', async ({
  browser,
}) => {
  // 48 screens read by axe, on a loaded machine.
  test.setTimeout(900_000);
  const tag = randomUUID().slice(0, 6);
  const first = await createMission(await withRoleProfile(await createUser()), { p_name: `Rain tanks ${tag}`, p_statement: 'Water for every school' });
  const second = await createMission(await withRoleProfile(await createUser()), { p_name: `Reading rooms ${tag}` });
  const roundName = `Themes panel ${tag}`;
  const driver = await organiserViaApi(await createUser());
  const round = await rpc<{ round_id: string }>(driver, 'create_vote_round', {
    p_name: roundName,
    p_votes_per_person: 2,
    p_mission_ids: [first.mission_id, second.mission_id],
    // Opening in two hours; the organiser opens it early below.
    p_opens_at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
  });
  const themes = await screensInBothThemes(browser);
  const roundCard = (page: Page) => page.getByTestId('round-card').filter({ hasText: roundName });
  const onLive = (state: string) => (page: Page) => page.locator(`[data-round-state="${state}"]`).getByRole('heading', { name: roundName });

  /** Every screen of every theme at both widths, as the round stands now (null: attendees cannot see the round yet). */
  const everyScreen = async (state: string, vote: ((page: Page) => Locator) | null, organiserSees: string) => {
    for (const { theme, vote: votePage, live, console: consolePage } of themes) {
      if (vote) {
        await axeAtBothWidths(votePage, theme, '/vote', vote);
        await axeAtBothWidths(live, theme, '/live', onLive(state));
      }
      await axeAtBothWidths(consolePage, theme, '/organiser/rounds', (page) => roundCard(page).getByText(organiserSees, { exact: true }));
    }
  };

  // A draft is the organisers' until it opens (docs/product.md#voting-rounds): only the console shows it.
  await everyScreen('draft', null, 'Not open yet');
  await rpc(driver, 'open_vote_round', { p_round_id: round.round_id });
  await everyScreen('open', (page) => page.getByTestId('votes-left').filter({ hasText: '2 of 2 left' }), 'Open');

  // The attendee votes; the dialog and the confirmation are checked in each theme as they show.
  for (const [index, { vote }] of themes.entries()) {
    await vote.setViewportSize({ width: 390, height: 844 });
    await vote.goto('/vote');
    await screenReady(vote, vote.getByTestId('votes-left'));
    const mission = index === 0 ? first : second;
    await vote.getByRole('button', { name: `Vote for ${mission.name}` }).click();
    await expect(vote.getByRole('dialog', { name: `Vote for ${mission.name}?` })).toBeVisible();
    await expectNoA11yViolations(vote);
    await vote.getByRole('button', { name: 'Confirm vote' }).click();
    await expect(vote.getByText(`Your vote for ${mission.name} is counted.`)).toBeVisible();
    await expect(vote.getByTestId('votes-left')).toHaveText(`${1 - index} of 2 left`);
    await expectNoA11yViolations(vote);
  }
  await everyScreen('open', (page) => page.getByTestId('votes-left').filter({ hasText: '0 of 2 left' }), 'Open');

  await rpc(driver, 'close_vote_round', { p_round_id: round.round_id });
  await everyScreen('closed', (page) => page.getByText('Voting has closed'), 'Closed');

  // Revealed: the attendee's screen shows the result with the projector's places and bars.
  await rpc(driver, 'reveal_vote_round', { p_round_id: round.round_id });
  for (const { theme, vote } of themes) {
    await axeAtBothWidths(vote, theme, '/vote', (page) => page.getByRole('list', { name: 'Result' }).getByTestId('reveal-bar').first());
  }
  for (const { vote, console: consolePage } of themes) {
    await vote.context().close();
    await consolePage.context().close();
  }
});

/** { day: "2026-11-25", time: "19:40" }: `minutes` from now on the venue's wall clock, as the day and time fields take it. */
function venueInputIn(minutes: number, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  })
    .formatToParts(new Date(Date.now() + minutes * 60_000))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('an organiser changes a draft round, previews it on /live and sets its close; /live counts down, and the organiser reveals it there by keyboard, last place first; the bell tells the voter', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const first = await createMission(await withRoleProfile(await createUser()), { p_name: `Seed bank ${tag}` });
  const second = await createMission(await withRoleProfile(await createUser()), { p_name: `Bike lanes ${tag}` });
  const organiser = await createUser();
  makeOrganiser(organiser);
  const secret = await withAuthenticator(organiser);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, organiser);
  await enterAuthenticatorCode(page, secret);
  await page.goto('/organiser/rounds');
  await page.getByRole('button', { name: 'New round' }).click();
  await page.getByLabel('Round name').fill(`Draft ${tag}`);
  await page.getByLabel('A shortlist of finalists').check();
  await page.getByRole('checkbox', { name: first.name }).check();
  await page.getByRole('checkbox', { name: second.name }).check();
  await page.getByRole('button', { name: 'Create round' }).click();

  // Changed while still a draft: a new name, two votes each, several for one mission, a closing time.
  const roundName = `Finals ${tag}`;
  const draft = page.getByTestId('round-card').filter({ hasText: `Draft ${tag}` });
  await pressOnRoundCard(draft.getByRole('button', { name: `Change Draft ${tag}` }));
  const form = page.getByRole('form', { name: `Change Draft ${tag}` });
  await expect(form.getByRole('checkbox', { name: first.name })).toBeChecked();
  await form.getByLabel('Round name').fill(roundName);
  await form.getByLabel('Votes per person').selectOption('2');
  await form.getByLabel('People may give several of their votes to the same mission').check();
  const timeZone = (
    (await form
      .getByText(/^Venue time \(/)
      .first()
      .textContent()) ?? ''
  ).replace(/^Venue time \((.+)\)$/, '$1');
  const closes = venueInputIn(30, timeZone);
  for (const [label, typed] of [
    ['Closes on (optional)', closes.day],
    ['Closes at (optional)', closes.time],
  ] as const) {
    const field = form.getByLabel(label);
    await field.pressSequentially(typed);
    await field.blur();
  }
  await expectNoA11yViolations(page);
  await form.getByRole('button', { name: 'Save round' }).click();
  const card = page.getByTestId('round-card').filter({ hasText: roundName });
  await expect(card.getByText(/Closes .+\./)).toBeVisible();
  await expect(card.getByText(/several votes for one mission allowed/)).toBeVisible();

  // Before it opens, the organiser previews it on the projector: as it will show once open, marked as a preview.
  const previewLink = card.getByRole('link', { name: `Preview on the projector: ${roundName}` });
  const previewPath = (await previewLink.getAttribute('href')) ?? '';
  await previewLink.click();
  await expect(page).toHaveURL(/\/live\?preview=/);
  await expect(page.getByTestId('live-preview')).toHaveText(
    `Preview of “${roundName}”: it is not open yet, so only you see this. Once it opens, the projector shows it like this.`,
  );
  await expect(page.locator('[data-round-state="open"]').getByRole('heading', { name: roundName })).toBeVisible();
  await expect(page.getByTestId('voter-count')).toHaveText('0');
  await expect(page.getByRole('list', { name: 'Finalists' })).toContainText(first.name);
  await expectNoA11yViolations(page);
  // Anyone else at that address sees /live as ever: no preview, no draft.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await trackedPage(otherContext);
  await signIn(other, await createUser(), previewPath);
  await screenReady(other, other.getByRole('heading', { level: 1, name: 'Live results' }));
  await expect(other.getByTestId('live-preview')).toHaveCount(0);
  await expect(other.getByRole('heading', { name: roundName })).toHaveCount(0);
  await otherContext.close();
  await page.goBack();

  await pressOnRoundCard(card.getByRole('button', { name: `Open voting: ${roundName}` }));
  await expect(card.getByText('Open', { exact: true })).toBeVisible();

  // The projector is the organiser's own screen, in the same browser: it counts down to the close.
  const projector = await page.context().newPage();
  await projector.setViewportSize({ width: 1280, height: 900 });
  await projector.goto('/live');
  const onScreen = projector.locator('[data-round-state]');
  await expect(onScreen).toHaveAttribute('data-round-state', 'open');
  await expect(projector.getByRole('heading', { name: roundName })).toBeVisible();
  await expect(projector.getByTestId('countdown')).toHaveText(/^[23]\d:\d{2}$/);
  const before = await projector.getByTestId('countdown').textContent();
  await expect(projector.getByTestId('countdown')).not.toHaveText(before ?? '');
  await expectNoA11yViolations(projector);
  await projector.setViewportSize({ width: 390, height: 800 });
  expect(await projector.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(projector);
  await projector.setViewportSize({ width: 1280, height: 900 });

  // A voter on a phone, keyboard only, gives both votes to one mission, then one back and again.
  const voter = await attendeePage(browser, 390);
  // While the round is open, the bell leads to it.
  await voter.page.getByRole('button', { name: /^Notifications/ }).click();
  await voter.page.getByRole('link', { name: `${roundName}: voting is open. Vote now (2 of 2 left)` }).click();
  await expect(voter.page).toHaveURL(/\/vote$/);
  await expect(voter.page.getByTestId('votes-left')).toHaveText('2 of 2 left');
  await tabTo(voter.page, `Vote for ${first.name}`);
  await voter.page.keyboard.press('Enter');
  await tabTo(voter.page, 'Confirm vote');
  await voter.page.keyboard.press('Enter');
  await expect(voter.page.getByTestId('votes-left')).toHaveText('1 of 2 left');
  await tabTo(voter.page, `Vote again for ${first.name}`);
  await voter.page.keyboard.press('Enter');
  await tabTo(voter.page, 'Confirm vote');
  await voter.page.keyboard.press('Enter');
  await expect(voter.page.getByTestId('votes-left')).toHaveText('0 of 2 left');
  const mine = voter.page.getByTestId('round-mission').filter({ hasText: first.name });
  await expect(mine.getByText('You gave this 2 votes')).toBeVisible();
  await expect(mine.locator('code')).toHaveCount(2);
  await expectNoA11yViolations(voter.page);
  // Someone else's single vote makes the second place.
  const current = await rpc<{ round_id: string; name: string }>(voter.user, 'get_current_vote_round', {});
  expect(current.name).toBe(roundName);
  await rpc(await createUser(), 'cast_round_vote', { p_round_id: current.round_id, p_mission_id: second.mission_id });

  // A watcher who prefers reduced motion sees the reveal at once, without any animation.
  const watcherContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const watcher = await watcherContext.newPage();
  await signIn(watcher, await createUser(), '/live');
  await expect(watcher.getByRole('heading', { name: roundName })).toBeVisible();

  await pressOnRoundCard(card.getByRole('button', { name: `Close voting: ${roundName}` }));
  await expect(projector.getByText('Voting closed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(projector.getByText('Organisers: press R to reveal the result.')).toBeVisible();
  await projector.bringToFront();
  await projector.keyboard.press('r');
  await expect(onScreen).toHaveAttribute('data-round-state', 'revealed', { timeout: 15_000 });
  const places = projector.getByTestId('reveal-row');
  await expect(places).toHaveCount(2);
  await expect(places.nth(0)).toContainText(first.name);
  await expect(places.nth(0)).toContainText('2 votes');
  // The organiser's keys show the places from the last to the first.
  await expect(places.nth(0)).toHaveAttribute('data-shown', 'false');
  await expect(places.nth(1)).toHaveAttribute('data-shown', 'false');
  await projector.keyboard.press('ArrowRight');
  await expect(places.nth(1)).toHaveAttribute('data-shown', 'true');
  await expect(places.nth(0)).toHaveAttribute('data-shown', 'false');
  await projector.keyboard.press('Space');
  await expect(places.nth(0)).toHaveAttribute('data-shown', 'true');
  await expect(projector.getByTestId('reveal-keys')).toHaveText('All places are shown. Press ← to go back.');
  await fadedIn(places);
  await expectNoA11yViolations(projector);

  const watched = watcher.getByTestId('reveal-row');
  await expect(watched).toHaveCount(2, { timeout: 15_000 });
  await expect(watched.nth(0)).toHaveAttribute('data-shown', 'true');
  expect(await watcher.evaluate(() => document.getAnimations().length)).toBe(0);

  // The voter's bell tells them, and leads to the result and their receipts.
  const bell = voter.page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  await voter.page.getByRole('link', { name: `The result of “${roundName}” is revealed. See the ranking and check your receipts.` }).click();
  await expect(voter.page).toHaveURL(/\/vote$/);
  await expect(voter.page.getByText('Each of your receipts is in the published list, under the mission you voted for.')).toBeVisible();
  await expectNoA11yViolations(voter.page);
  await watcherContext.close();
  await voter.page.context().close();
});
