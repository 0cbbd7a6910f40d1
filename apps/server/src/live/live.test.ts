import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createClient } from '@redis/client';
import { LIVE_CLOSE, LIVE_SOCKET_PATH, MISSIONS_TOPIC, type MissionsLiveEvent } from '@mc/contract';
import { MISSIONS_FLUSH_INTERVAL_MS } from '../kernel/missions-live.ts';
import { WRITES_PER_TURN } from './hub.ts';
import { committed } from '../kernel/effects.ts';
import { describeEachDatabase, signUpUser, startTestServer, startTwoInstances, type TestServer, type TestUser } from '../../test/harness.ts';
import { LIVE_MESSAGE_LIMIT_MS, LiveTestClient, votesAre } from '../../test/live-client.ts';

/** A mission written straight in SQL (no live event of its own), owned by a new user. */
async function seedMission(server: TestServer, name = 'Clean Water'): Promise<{ owner: TestUser; missionId: string }> {
  const owner = await signUpUser(server);
  const [row] = await server.db.query<{ mission_id: string }>(
    `insert into missions (name, shared_intention, objective_or_focus, statement, core_message, problem_being_solved, first_team_action, created_by)
     values ($1, 'i', 'Life & Well-being', 's', 'c', 'p', 'f', $2) returning mission_id`,
    [name, owner.user.id],
  );
  await server.db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'owner', true)`, [
    row!.mission_id,
    owner.user.id,
  ]);
  return { owner, missionId: row!.mission_id };
}

const openClients: LiveTestClient[] = [];
async function follow(server: TestServer, user: TestUser, topics?: string[]): Promise<LiveTestClient> {
  const client = await LiveTestClient.follow(server.url, user.session.access_token, topics);
  openClients.push(client);
  return client;
}

afterAll(() => {
  for (const client of openClients) client.close();
});

describeEachDatabase('live channel', (server) => {
  it('brings another person’s vote to a follower, as counts only', async () => {
    const { missionId } = await seedMission(server());
    const watcher = await follow(server(), await signUpUser(server()));
    const voter = await signUpUser(server());
    const { data, error } = await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
    expect(error).toBeNull();
    expect(data).toBe('voted');
    const arrival = await watcher.waitFor(votesAre(missionId, 1));
    const event = (arrival.message as { data: MissionsLiveEvent }).data;
    expect(event.counts).toEqual([{ mission_id: missionId, vote_count: 1, subscription_count: 0, team_count: 1 }]);
    // Nothing about who voted: no user id anywhere in what was sent.
    expect(JSON.stringify(watcher.received)).not.toContain(voter.user.id);
  });

  it('sends subscriptions and team changes, and marks the mission as changed for a team change', async () => {
    const { owner, missionId } = await seedMission(server());
    const watcher = await follow(server(), await signUpUser(server()));
    const follower = await signUpUser(server());
    expect((await follower.client.rpc('toggle_mission_subscription', { p_mission_id: missionId })).data).toBe('subscribed');
    await watcher.waitFor(
      (message) => message.type === 'event' && (message.data as MissionsLiveEvent).counts.some((c) => c.mission_id === missionId && c.subscription_count === 1),
    );
    const from = watcher.received.length;
    const added = await owner.client.rpc('add_mission_member', { p_mission_id: missionId, p_user_id: follower.user.id });
    expect(added.error).toBeNull();
    const teamEvent = await watcher.waitFor(
      (message) => message.type === 'event' && (message.data as MissionsLiveEvent).counts.some((c) => c.mission_id === missionId && c.team_count === 2),
      LIVE_MESSAGE_LIMIT_MS,
      from,
    );
    expect((teamEvent.message as { data: MissionsLiveEvent }).data.changed).toEqual([missionId]);
  });

  it('coalesces a burst on one mission into a few messages that end on the right count', async () => {
    const { missionId } = await seedMission(server());
    const watcher = await follow(server(), await signUpUser(server()));
    const voters = await Promise.all(Array.from({ length: 24 }, () => signUpUser(server())));
    const started = Date.now();
    // Six waves of four votes, spread over about a second.
    for (let wave = 0; wave < 6; wave += 1) {
      await Promise.all(voters.slice(wave * 4, wave * 4 + 4).map((voter) => voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId })));
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await watcher.waitFor(votesAre(missionId, 24));
    const elapsed = Date.now() - started;
    const about = watcher.missionEvents().filter(({ event }) => event.counts.some((counts) => counts.mission_id === missionId));
    // 24 votes, but at most one message per flush interval (the first goes at once; the count reads of
    // two flushes may take different times, so arrivals are not spaced exactly).
    expect(about.length).toBeLessThanOrEqual(Math.ceil(elapsed / MISSIONS_FLUSH_INTERVAL_MS) + 1);
    expect(about.length).toBeLessThan(24);
    const last = about.at(-1)!.event.counts.find((counts) => counts.mission_id === missionId);
    expect(last?.vote_count).toBe(24);
  });

  it('sends nothing to a connection that follows no topic', async () => {
    const { missionId } = await seedMission(server());
    const idle = await follow(server(), await signUpUser(server()), []);
    const watcher = await follow(server(), await signUpUser(server()));
    const voter = await signUpUser(server());
    await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
    await watcher.waitFor(votesAre(missionId, 1));
    expect(idle.received.map((entry) => entry.message.type)).toEqual(['ready', 'subscribed']);
  });

  it('refuses a connection without a valid token, and topics that are not the person’s', async () => {
    const anonymous = await LiveTestClient.open(server().url);
    openClients.push(anonymous);
    anonymous.send({ type: 'subscribe', topics: [MISSIONS_TOPIC] });
    await anonymous.waitFor((message) => message.type === 'error' && message.message === 'sign in first');

    const forged = await LiveTestClient.open(server().url);
    const user = await signUpUser(server());
    const [header, payload] = user.session.access_token.split('.');
    forged.send({ type: 'auth', token: `${header}.${payload}.c2lnbmF0dXJl` });
    expect(await forged.waitForClose()).toBe(LIVE_CLOSE.unauthorised);

    const garbage = await LiveTestClient.open(server().url);
    openClients.push(garbage);
    garbage.send('{not json');
    await garbage.waitFor((message) => message.type === 'error');

    const other = await signUpUser(server());
    const person = await follow(server(), user, [`user:${user.user.id}`, `user:${other.user.id}`, 'everything']);
    await person.waitFor((message) => message.type === 'error' && message.message === `You cannot follow user:${other.user.id}`);
    await person.waitFor((message) => message.type === 'error' && message.message === 'You cannot follow everything');
    // The confirmation names only what it now follows.
    const confirmed = await person.waitFor((message) => message.type === 'subscribed');
    expect(confirmed.message).toEqual({ type: 'subscribed', topics: [`user:${user.user.id}`] });
  });

  it('delivers a person’s own topic to that person only (for per-person messages)', async () => {
    const alice = await signUpUser(server());
    const bob = await signUpUser(server());
    const aliceLive = await follow(server(), alice, [`user:${alice.user.id}`]);
    const bobLive = await follow(server(), bob, [`user:${bob.user.id}`, MISSIONS_TOPIC]);
    server().live.bus.publish({ topic: `user:${alice.user.id}`, data: { hello: 'Alice' } });
    await aliceLive.waitFor((message) => message.type === 'event' && JSON.stringify(message.data) === '{"hello":"Alice"}');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobLive.received.map((entry) => entry.message.type)).toEqual(['ready', 'subscribed']);
  });

  it('never sends a hidden mission’s counts: it goes out as removed, and comes back when shown again', async () => {
    const { missionId } = await seedMission(server());
    const watcher = await follow(server(), await signUpUser(server()));
    const voter = await signUpUser(server());
    await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
    await watcher.waitFor(votesAre(missionId, 1));
    const from = watcher.received.length;
    await server().db.query("update missions set hidden_at = now(), hidden_reason = 'spam' where mission_id = $1", [missionId]);
    committed(server().db, (effects) => effects.missionsChanged([missionId]));
    // A team change while hidden (the owner adds someone) publishes its counts too: still removed.
    await server().db.query("insert into mission_members (mission_id, user_id, role_in_team) values ($1, $2, 'member')", [missionId, voter.user.id]);
    committed(server().db, (effects) => {
      effects.missionCounts([missionId]);
      effects.missionsChanged([missionId]);
    });
    const removed = await watcher.waitFor(
      (message) => message.type === 'event' && (message.data as MissionsLiveEvent).removed.includes(missionId),
      LIVE_MESSAGE_LIMIT_MS,
      from,
    );
    await new Promise((resolve) => setTimeout(resolve, 2 * MISSIONS_FLUSH_INTERVAL_MS));
    const whileHidden = watcher.received.slice(from).flatMap((entry) => (entry.message.type === 'event' ? [entry.message.data as MissionsLiveEvent] : []));
    expect(whileHidden.length).toBeGreaterThan(0);
    for (const event of whileHidden) {
      expect(event.counts.map((counts) => counts.mission_id)).not.toContain(missionId);
      expect(event.changed).not.toContain(missionId);
    }
    expect((removed.message as { data: MissionsLiveEvent }).data.removed).toEqual([missionId]);
    await server().db.query('update missions set hidden_at = null, hidden_reason = null where mission_id = $1', [missionId]);
    committed(server().db, (effects) => effects.missionsChanged([missionId]));
    await watcher.waitFor(
      (message) => message.type === 'event' && (message.data as MissionsLiveEvent).counts.some((c) => c.mission_id === missionId && c.team_count === 2),
    );
  });

  it('answers the socket path only as a WebSocket', async () => {
    const response = await fetch(`${server().url}${LIVE_SOCKET_PATH}`);
    expect(response.status).toBe(404);
  });
});

// The hub reads no database: one backend shows how it sends.
describe('a message to more screens than one turn of the server writes to', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reaches every screen, each message once and in the order published', async () => {
    const user = await signUpUser(server);
    // One person on many devices: each connection follows the missions topic.
    const screens = await Promise.all(Array.from({ length: WRITES_PER_TURN + 300 }, () => follow(server, user)));
    const firsts = screens.map((screen) => screen.received.length);
    const published = [1, 2, 3];
    for (const n of published) server.live.hub.publish(MISSIONS_TOPIC, { n });
    await Promise.all(screens.map((screen) => screen.waitFor((message) => message.type === 'event' && (message.data as { n?: number }).n === 3)));
    for (const [index, screen] of screens.entries()) {
      const events = screen.received.slice(firsts[index]).filter((entry) => entry.message.type === 'event');
      expect(events.map((entry) => (entry.message as { data: { n: number } }).data.n)).toEqual(published);
    }
  });
});

/**
 * Two instances on ONE PostgreSQL schema, as behind a load balancer: their bus is LISTEN/NOTIFY, or
 * Redis when REDIS_URL is set (with TEST_REDIS_URL).
 */
const crossInstanceBuses: { name: string; env: Record<string, string> }[] = process.env.TEST_DATABASE_URL
  ? [{ name: 'postgres', env: {} }, ...(process.env.TEST_REDIS_URL ? [{ name: 'postgres, redis bus', env: { REDIS_URL: process.env.TEST_REDIS_URL } }] : [])]
  : [];

/** Drops instance B's listening connection from its server's side (PostgreSQL's backend, or Redis's client). */
async function dropListener(listenerId: number | null, redisUrl: string | undefined, databaseUrl: string): Promise<void> {
  expect(listenerId).toEqual(expect.any(Number));
  if (redisUrl) {
    const admin = createClient({ url: redisUrl });
    await admin.connect();
    try {
      expect(await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(listenerId)])).toBe(1);
    } finally {
      await admin.close();
    }
    return;
  }
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [listenerId]);
    expect(killed.rows).toEqual([{ ok: true }]);
  } finally {
    await admin.end();
  }
}

describe.each(crossInstanceBuses)('live channel across two instances [$name]', ({ env: busEnv }) => {
  let a: TestServer;
  let b: TestServer;
  let env: Record<string, string>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ a, b, env, close } = await startTwoInstances(busEnv));
  });

  afterAll(async () => {
    await close?.();
  });

  it('a vote on instance A reaches a client of instance B', async () => {
    expect(a.db.kind).toBe('postgres');
    const { missionId } = await seedMission(a);
    const watcher = await follow(b, await signUpUser(b));
    const voter = await signUpUser(a);
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId })).data).toBe('voted');
    await watcher.waitFor(votesAre(missionId, 1));
  });

  it('when B’s bus listener drops, B reconnects it, tells its clients to read afresh, and carries votes again', async () => {
    const { missionId } = await seedMission(a);
    const watcher = await follow(b, await signUpUser(b));
    await dropListener(b.live.bus.listenerId(), busEnv.REDIS_URL, env.DATABASE_URL!);
    await watcher.waitFor((message) => message.type === 'resync');
    const voter = await signUpUser(a);
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId })).data).toBe('voted');
    await watcher.waitFor(votesAre(missionId, 1));
  });

  it('a client whose instance goes away reconnects to the other and reads the counts it missed', async () => {
    const c = await startTestServer('pglite', env);
    try {
      const { missionId } = await seedMission(a);
      const person = await signUpUser(c);
      const watcher = await LiveTestClient.follow(c.url, person.session.access_token);
      await c.close();
      expect(await watcher.waitForClose()).toBe(1001);
      const voter = await signUpUser(a);
      await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
      // Back on B: the fresh read gives the vote missed while away, and live counts flow again.
      const again = await follow(b, await signUpUser(b));
      const details = await voter.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: voter.user.id });
      expect((details.data as { vote_count: number }).vote_count).toBe(1);
      const second = await signUpUser(a);
      await second.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
      await again.waitFor(votesAre(missionId, 2));
    } finally {
      await c.close();
    }
  });
});
