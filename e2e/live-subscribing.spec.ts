import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { expect, test, type Locator, type Page, type WebSocketRoute } from './support/test.ts';
import { createMission, createUser, rpc, signIn, withRoleProfile, type E2EUser } from './support/app.ts';
import { E2E_BASE_URL } from './support/env.ts';

/*
 * A change made while a screen is setting up its live subscription (after its first read, before
 * the server took the subscription) reaches that screen: no message carries it, so the screen
 * reads afresh once the server confirms the subscription, the first time and after a break
 * (docs/ARCHITECTURE.md, "The live channel"). The test holds the browser's subscribe message on
 * its way to the server, makes the change, waits until the server has sent the change's live
 * message to the screens subscribed then (a watcher of its own sees it), and only then lets the
 * subscription through: the screen cannot have the change from that message.
 */

const LIVE_SOCKET = /\/live\/v1\/websocket/;

/** Subscribe messages held on their way to the server until `release`; every other message passes. */
interface HeldSubscriptions {
  holding: boolean;
  held: number;
  /** The socket of the latest connection (to break it). */
  current: WebSocketRoute | null;
  release(): void;
}

async function holdSubscriptions(page: Page): Promise<HeldSubscriptions> {
  const waiting: (() => void)[] = [];
  const held: HeldSubscriptions = {
    holding: false,
    held: 0,
    current: null,
    release() {
      held.holding = false;
      for (const send of waiting.splice(0)) send();
    },
  };
  await page.routeWebSocket(LIVE_SOCKET, (socket) => {
    held.current = socket;
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      const isSubscribe = typeof message === 'string' && (JSON.parse(message) as { type?: string }).type === 'subscribe';
      if (isSubscribe && held.holding) {
        held.held += 1;
        waiting.push(() => server.send(message));
      } else {
        server.send(message);
      }
    });
  });
  return held;
}

/**
 * A live connection of the test's own that follows the missions topic, as a browser's would. It is
 * in once the server answered a topic it refuses in the same message (its topics are taken in
 * order), whether or not the server confirms subscriptions.
 */
async function watchMissions(user: E2EUser): Promise<{ sawVotes: (missionId: string, votes: number) => Promise<void>; close: () => void }> {
  const socket = new WebSocket(`${E2E_BASE_URL.replace(/^http/, 'ws')}/live/v1/websocket`);
  const messages: { type: string; topic?: string; data?: { counts?: { mission_id: string; vote_count: number }[] } }[] = [];
  let arrived: () => void = () => undefined;
  socket.on('message', (raw: Buffer) => {
    messages.push(JSON.parse(raw.toString()) as (typeof messages)[number]);
    arrived();
  });
  const until = async (found: () => boolean): Promise<void> => {
    while (!found()) await new Promise<void>((resolve) => (arrived = resolve));
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token: user.session.access_token }));
  await until(() => messages.some((message) => message.type === 'ready'));
  socket.send(JSON.stringify({ type: 'subscribe', topics: ['missions', 'no-such-topic'] }));
  await until(() => messages.some((message) => message.type === 'error'));
  return {
    sawVotes: (missionId, votes) =>
      until(() =>
        messages.some(
          (message) =>
            message.type === 'event' &&
            message.topic === 'missions' &&
            (message.data?.counts ?? []).some((counts) => counts.mission_id === missionId && counts.vote_count === votes),
        ),
      ),
    close: () => socket.close(),
  };
}

function votesOn(page: Page, name: string): Locator {
  return page
    .getByTestId('mission-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByTestId('card-votes');
}

async function voteAs(person: E2EUser, missionId: string): Promise<void> {
  expect(await rpc(person, 'toggle_mission_vote', { p_mission_id: missionId })).toBe('voted');
}

test.describe('changes while a screen subscribes', () => {
  test('a vote cast after All Missions first read its list, before its subscription was taken, shows without a reload', async ({ page }) => {
    const tag = `Subscribing ${randomUUID().slice(0, 6)}`;
    const mission = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Voted` });
    const subscriptions = await holdSubscriptions(page);
    const watcher = await watchMissions(await createUser());
    await signIn(page, await createUser());

    subscriptions.holding = true;
    const heldBefore = subscriptions.held;
    await page.goto('/view-all-missions');
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    await expect(votesOn(page, mission.name)).toHaveText('0');
    await expect.poll(() => subscriptions.held).toBeGreaterThan(heldBefore);

    // The list is on screen and the subscription is on its way: the vote comes in between, and
    // its live message goes out before the subscription is taken.
    await voteAs(await createUser(), mission.mission_id);
    await watcher.sawVotes(mission.mission_id, 1);
    subscriptions.release();
    await expect(votesOn(page, mission.name)).toHaveText('1');
    watcher.close();
  });

  test('a vote cast while the connection comes back, before its subscription was taken, shows without a reload', async ({ page }) => {
    const tag = `Resubscribing ${randomUUID().slice(0, 6)}`;
    const mission = await createMission(await withRoleProfile(await createUser()), { p_name: `${tag} Voted` });
    const subscriptions = await holdSubscriptions(page);
    const watcher = await watchMissions(await createUser());
    await signIn(page, await createUser(), '/view-all-missions');
    await page.getByRole('searchbox', { name: 'Search missions' }).fill(tag);
    await expect(votesOn(page, mission.name)).toHaveText('0');
    await expect(page.locator('[data-live-status]')).toHaveAttribute('data-live-status', 'live');

    subscriptions.holding = true;
    const heldBefore = subscriptions.held;
    await subscriptions.current?.close({ code: 1011, reason: 'network dropped' });
    await expect.poll(() => subscriptions.held).toBeGreaterThan(heldBefore);

    // Connected again, the subscription on its way: the vote comes in between, and its live
    // message goes out before the subscription is taken.
    await voteAs(await createUser(), mission.mission_id);
    await watcher.sawVotes(mission.mission_id, 1);
    subscriptions.release();
    await expect(votesOn(page, mission.name)).toHaveText('1');
    watcher.close();
  });
});
