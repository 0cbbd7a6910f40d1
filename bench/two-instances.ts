// `BENCH_ONLY=instances` (PostgreSQL only): two server instances on one database, as docs/deploy.md
// runs them behind a proxy, the vote spike driven at both at once, with live screens on both.
// Run it once with LISTEN/NOTIFY (DATABASE_URL alone) and once with REDIS_URL to compare the buses.
import { loadavg } from 'node:os';
import { HelperProcess } from './helper-process.ts';
import { closingHelper, openBenchRound } from './closing-panel.ts';
import type { ClosingVoter } from './closing-types.ts';
import { latencyFigures } from './latency.ts';
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
/**
 * Toggles a second through both instances together (`BENCH_INSTANCE_RATE=2000`, half through each):
 * the spike's target rate, to time the answers at that rate. Without it, each instance's
 * connections send as fast as it answers, which measures how much it takes, not how long a vote
 * waits at a given rate.
 */
const RATE = process.env.BENCH_INSTANCE_RATE ? Number(process.env.BENCH_INSTANCE_RATE) : undefined;
/** The probe votes go to this mission while the spike hits HOT_MISSION (as in the live scenario). */
const PROBE_MISSION = 2;
/**
 * Beside the toggles, people cast this many votes in an open round of these finalists, through
 * their instance, at the closing panel's rate (every seeded person's votes within a minute): in a
 * shorter run, only that share of the people vote.
 */
const ROUND_VOTES_EACH = 3;
const ROUND_VOTERS_SHARE = Math.min(1, SECONDS / 60);
const ROUND_FINALISTS = [10, 11, 12, 13, 14, 15];

/** Round votes through one instance: how many were acknowledged with a receipt, refused, and their p99 (ms). */
export interface RoundVoteFigures {
  acknowledged: number;
  errors: number;
  errorSamples: string[];
  p99: number;
}

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
  /** The round's votes through A and B, and the round's rows afterwards: equal to the acknowledged when each counted once. */
  roundA: RoundVoteFigures;
  roundB: RoundVoteFigures;
  roundRows: number;
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
  const votersA = closingHelper();
  const votersB = closingHelper();
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
    const roundId = await openBenchRound(db, 'Two instances (bench)', ROUND_FINALISTS.map(missionId), ROUND_VOTES_EACH);
    const votersOf = (people: number[]): ClosingVoter[] =>
      people.map((n) => ({
        token: token(n),
        missions: Array.from({ length: ROUND_VOTES_EACH }, (_, k) => missionId(ROUND_FINALISTS[(n + k) % ROUND_FINALISTS.length]!)),
        toggles: [],
      }));
    const roundVotes = (helper: typeof votersA, url: string, people: number[]) =>
      helper
        .ask({ kind: 'votes', url, roundId, voters: votersOf(people), windowMs: SECONDS * 1000, thinkMs: 1000 }, 'votes')
        .then((voted): RoundVoteFigures => ({
          acknowledged: voted.acknowledged.length,
          errors: voted.errors,
          errorSamples: voted.errorSamples,
          p99: latencyFigures(voted.latencies, voted.seconds).p99,
        }));
    const cpuA = process.cpuUsage();
    const cpuB = await second.ask({ kind: 'cpu' }, 'cpu');
    process.stdout.write(
      `  the spike on both instances (${CONNECTIONS / 2} connections and ${VOTES_EACH} toggles each${RATE ? `, ${RATE} a second together` : ''}, ${ROUND_VOTES_EACH} round votes by ${Math.round(ROUND_VOTERS_SHARE * 100)} % of the people through their instance) and probe votes through A … `,
    );
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
    const peopleA = users.filter((n) => n % 2 === 1);
    const peopleB = users.filter((n) => n % 2 === 0);
    const [a, b, roundA, roundB] = await Promise.all([
      load({ url: server.url, connections: CONNECTIONS / 2, duration: SECONDS, amount: VOTES_EACH, rate: RATE && RATE / 2, requests: spikeRequests(peopleA) }),
      load({ url: urlB, connections: CONNECTIONS / 2, duration: SECONDS, amount: VOTES_EACH, rate: RATE && RATE / 2, requests: spikeRequests(peopleB) }),
      roundVotes(votersA, server.url, peopleA.slice(0, Math.round(peopleA.length * ROUND_VOTERS_SHARE))),
      roundVotes(votersB, urlB, peopleB.slice(0, Math.round(peopleB.length * ROUND_VOTERS_SHARE))),
    ]);
    const usedA = process.cpuUsage(cpuA);
    const usedB = (await second.ask({ kind: 'cpu' }, 'cpu')).ms - cpuB.ms;
    const probed = await probing;
    await settle(db);
    const load1 = loadavg();
    const after = await votesOf(bench, hot);
    const [round] = await db.query<{ rows: number }>('select count(*)::int as rows from round_votes where round_id = $1', [roundId]);
    const [delaysA, delaysB] = await Promise.all([
      screensA.ask({ kind: 'delays', votes: probed.votes, waitMs: 10_000 }, 'delays'),
      screensB.ask({ kind: 'delays', votes: probed.votes, waitMs: 10_000 }, 'delays'),
    ]);
    const perSecond = a.perSecond + b.perSecond;
    console.log(`${perSecond.toFixed(0)} toggles/s, p99 A ${a.p99} / B ${b.p99} ms; ${roundA.acknowledged + roundB.acknowledged} round votes`);
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
      roundA,
      roundB,
      roundRows: round?.rows ?? -1,
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
    votersA.end();
    votersB.end();
    // Its process closes the server and leaves.
    second.end();
  }
}

export function printTwoInstances(figures: TwoInstanceFigures): void {
  const { delaysA, delaysB } = figures;
  const once = figures.rowsAdded === figures.answered && figures.countColumnMatches;
  console.log(`two instances on one PostgreSQL, bus: ${figures.bus} (load average after the spike ${figures.load.map((n) => n.toFixed(1)).join(' ')}):`);
  console.log(
    `  toggles (Vote/Unvote on one hot mission): ${figures.perSecond.toFixed(0)}/s together (A ${figures.a.perSecond.toFixed(0)}, B ${figures.b.perSecond.toFixed(0)}), p99 ${figures.p99} ms (target 2,000/s, p99 < 250 ms), errors ${figures.a.errors + figures.b.errors}`,
  );
  console.log(
    `  every vote counted once: ${figures.rowsAdded} vote rows added, the answers net ${figures.answered}, the missions row ${figures.countColumnMatches ? 'matches' : 'DOES NOT match'} its rows → ${once ? 'MET' : 'NOT MET'}`,
  );
  const { roundA, roundB } = figures;
  const refused = roundA.errors + roundB.errors;
  const firstRefusal = [...roundA.errorSamples, ...roundB.errorSamples][0];
  const roundOnce = figures.roundRows === roundA.acknowledged + roundB.acknowledged && refused === 0;
  console.log(
    `  round votes beside them: ${roundA.acknowledged} through A (p99 ${roundA.p99} ms), ${roundB.acknowledged} through B (p99 ${roundB.p99} ms), ${refused} refused${firstRefusal ? ` (${firstRefusal})` : ''}; the round holds ${figures.roundRows} votes → ${roundOnce ? 'every acknowledged vote counted once: MET' : 'NOT MET'}`,
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
