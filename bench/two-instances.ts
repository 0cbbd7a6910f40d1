// `BENCH_ONLY=instances` (PostgreSQL only): two server instances on one database, as docs/deploy.md
// runs them behind a proxy, the vote spike driven at both at once, with live screens on both.
// Run it once with LISTEN/NOTIFY (DATABASE_URL alone) and once with REDIS_URL to compare the buses.
import { loadavg } from 'node:os';
import { HelperProcess } from './helper-process.ts';
import { load, SECONDS, settle, voteDelta } from './harness.ts';
import type { InstanceCommand, InstanceReply } from './instance-types.ts';
import type { LiveClientsCommand, LiveClientsReply, LiveDelays, ProbeJob, ProbeReply } from './live-types.ts';
import type { LoadResult } from './load-types.ts';
import { rows } from './report.ts';
import { missionId } from './seed.ts';
import { CONNECTIONS, HOT_MISSION, USERS, type Bench } from './setup.ts';

/** Live screens on EACH instance (`BENCH_INSTANCE_SCREENS=10000` for 20,000 across the two). */
const SCREENS = Number(process.env.BENCH_INSTANCE_SCREENS ?? 1_000);
/**
 * Votes sent to EACH instance: a fixed number, every answer awaited, so the answers and the rows
 * they made can be compared (a timed run leaves requests in flight when it stops). Each instance's
 * 1,000 people toggle in turn: 5,500 leaves half of them with one vote more or less, so the net
 * change is not zero by construction.
 */
const VOTES_EACH = Number(process.env.BENCH_INSTANCE_VOTES ?? 5_500);
/** The probe votes go to this mission while the spike hits HOT_MISSION (as in the live scenario). */
const PROBE_MISSION = 2;

export interface TwoInstanceFigures {
  bus: string;
  a: LoadResult;
  b: LoadResult;
  perSecond: number;
  p99: number;
  /** Vote rows added, the answers' net count, and the missions row's count: equal when every vote counted once. */
  rowsAdded: number;
  answered: number;
  countColumnMatches: boolean;
  screens: number;
  delaysA: LiveDelays;
  delaysB: LiveDelays;
  probeVotes: number;
  cpuMsA: number;
  cpuMsB: number;
  load: number[];
}

function liveHelper(): HelperProcess<LiveClientsCommand | ({ kind: 'probe' } & ProbeJob), LiveClientsReply | ProbeReply> {
  return new HelperProcess(new URL('./live-worker.ts', import.meta.url), { kind: 'close' });
}

async function votesOf(bench: Bench, mission: string): Promise<{ rows: number; column: number }> {
  const [row] = await bench.db.query<{ rows: number; column: number }>(
    'select (select count(*)::int from mission_votes where mission_id = $1) as rows, (select vote_count from missions where mission_id = $1) as column',
    [mission],
  );
  return row ?? { rows: 0, column: -1 };
}

export async function runTwoInstances(bench: Bench): Promise<TwoInstanceFigures> {
  const { server, db, config, schema, token, firstUsers, spikeRequests } = bench;
  if (!schema || !config.DATABASE_URL) throw new Error('the two-instance scenario needs PostgreSQL: set DATABASE_URL');
  const bus = config.REDIS_URL ? 'Redis publish/subscribe' : 'PostgreSQL LISTEN/NOTIFY';
  const second = new HelperProcess<InstanceCommand, InstanceReply>(new URL('./instance-worker.ts', import.meta.url), { kind: 'close' });
  const screensA = liveHelper();
  const screensB = liveHelper();
  const probe = liveHelper();
  try {
    const env: Record<string, string> = {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      JWT_PRIVATE_KEY: config.JWT_PRIVATE_KEY ?? '',
      SIGNIN_PER_ADDRESS_PER_MINUTE: '1000000',
      CONNECTIONS_PER_ADDRESS: '0',
      DATABASE_URL: config.DATABASE_URL,
      DATABASE_POOL_SIZE: String(config.DATABASE_POOL_SIZE),
      ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL } : {}),
    };
    const { url: urlB } = await second.ask({ kind: 'start', env }, 'started');
    console.log(`  two instances on one PostgreSQL schema, bus: ${bus}; A ${server.url}, B ${urlB}`);

    // More screens than seeded people: the people open the app on several devices each.
    const screenTokens = firstUsers(SCREENS).map((n) => token(1 + ((n - 1) % USERS)));
    const [connectedA, connectedB] = await Promise.all([
      screensA.ask({ kind: 'connect', url: server.url, tokens: screenTokens }, 'connected'),
      screensB.ask({ kind: 'connect', url: urlB, tokens: screenTokens }, 'connected'),
    ]);
    console.log(`  ${connectedA.connected} screens on A, ${connectedB.connected} on B`);
    const probeMission = missionId(PROBE_MISSION);
    await Promise.all([
      screensA.ask({ kind: 'watch', missionId: probeMission }, 'watching'),
      screensB.ask({ kind: 'watch', missionId: probeMission }, 'watching'),
    ]);
    const fresh = await db.query<{ id: string }>(
      `select u.id from users u where u.email like 'bench.user%' and not exists (select 1 from mission_votes v where v.mission_id = $1 and v.user_id = u.id) order by u.id limit 500`,
      [probeMission],
    );
    const probeBase = await votesOf(bench, probeMission);
    const hot = missionId(HOT_MISSION);
    const before = await votesOf(bench, hot);

    const users = firstUsers(USERS);
    const cpuA = process.cpuUsage();
    const cpuB = await second.ask({ kind: 'cpu' }, 'cpu');
    process.stdout.write(`  the spike on both instances (${CONNECTIONS / 2} connections and ${VOTES_EACH} votes each) and probe votes through A … `);
    const probing = probe.ask(
      {
        kind: 'probe',
        url: server.url,
        missionId: probeMission,
        base: probeBase.column,
        tokens: fresh.map((row) => token(Number.parseInt(row.id.slice(-12), 16))),
        intervalMs: 100,
        // About as long as the spike lasts at the rate this machine gave (docs/performance.md).
        durationMs: SECONDS * 1000,
      },
      'probed',
    );
    const [a, b] = await Promise.all([
      load({ url: server.url, connections: CONNECTIONS / 2, duration: SECONDS, amount: VOTES_EACH, requests: spikeRequests(users.filter((n) => n % 2 === 1)) }),
      load({ url: urlB, connections: CONNECTIONS / 2, duration: SECONDS, amount: VOTES_EACH, requests: spikeRequests(users.filter((n) => n % 2 === 0)) }),
    ]);
    const usedA = process.cpuUsage(cpuA);
    const usedB = (await second.ask({ kind: 'cpu' }, 'cpu')).ms - cpuB.ms;
    const probed = await probing;
    await settle(db);
    const load1 = loadavg();
    const after = await votesOf(bench, hot);
    const [delaysA, delaysB] = await Promise.all([
      screensA.ask({ kind: 'delays', votes: probed.votes, waitMs: 10_000 }, 'delays'),
      screensB.ask({ kind: 'delays', votes: probed.votes, waitMs: 10_000 }, 'delays'),
    ]);
    const perSecond = a.perSecond + b.perSecond;
    console.log(`${perSecond.toFixed(0)} votes/s, p99 A ${a.p99} / B ${b.p99} ms`);
    const note = bus;
    rows.push({ scenario: `toggle_mission_vote, ONE hot mission, instance A of two`, connections: CONNECTIONS / 2, users: USERS / 2, result: a, note });
    rows.push({ scenario: `toggle_mission_vote, ONE hot mission, instance B of two`, connections: CONNECTIONS / 2, users: USERS / 2, result: b, note });
    return {
      bus,
      a,
      b,
      perSecond,
      p99: Math.max(a.p99, b.p99),
      rowsAdded: after.rows - before.rows,
      answered: voteDelta(a.answers) + voteDelta(b.answers),
      countColumnMatches: after.rows === after.column,
      screens: Math.min(connectedA.connected, connectedB.connected),
      delaysA: delaysA.delays,
      delaysB: delaysB.delays,
      probeVotes: probed.votes.length,
      cpuMsA: (usedA.user + usedA.system) / 1000,
      cpuMsB: usedB,
      load: load1,
    };
  } finally {
    screensA.end();
    screensB.end();
    probe.end();
    // Its process closes the server and leaves.
    second.end();
  }
}

export function printTwoInstances(figures: TwoInstanceFigures): void {
  const { delaysA, delaysB } = figures;
  const once = figures.rowsAdded === figures.answered && figures.countColumnMatches;
  console.log(`two instances on one PostgreSQL, bus: ${figures.bus} (load average after the spike ${figures.load.map((n) => n.toFixed(1)).join(' ')}):`);
  console.log(
    `  votes: ${figures.perSecond.toFixed(0)}/s together (A ${figures.a.perSecond.toFixed(0)}, B ${figures.b.perSecond.toFixed(0)}), p99 ${figures.p99} ms (target 2,000/s, p99 < 250 ms), errors ${figures.a.errors + figures.b.errors}`,
  );
  console.log(
    `  every vote counted once: ${figures.rowsAdded} vote rows added, the answers net ${figures.answered}, the missions row ${figures.countColumnMatches ? 'matches' : 'DOES NOT match'} its rows → ${once ? 'MET' : 'NOT MET'}`,
  );
  for (const [name, delays] of [
    ['A (the voter’s)', delaysA],
    ['B (the other)', delaysB],
  ] as const) {
    console.log(
      `  ${figures.screens} screens on ${name}: vote answer → arrival p50 ${delays.p50} ms, p95 ${delays.p95} ms, p99 ${delays.p99} ms over ${delays.samples} pairs, ${delays.missing} never arrived (target p95 < 1,000 ms) → ${delays.p95 < 1_000 && delays.missing === 0 ? 'MET' : 'NOT MET'}`,
    );
  }
  console.log(`  server CPU during the spike: A ${figures.cpuMsA.toFixed(0)} ms, B ${figures.cpuMsB.toFixed(0)} ms (${figures.probeVotes} probe votes)`);
}
