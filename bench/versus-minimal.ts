// The vote spike against the minimal server (bench/minimal-server.ts), in the same run, with the same
// client, on the same PostgreSQL: VOTERS people each toggle their vote on ONE mission TOGGLES times,
// IN_FLIGHT requests at once. Rounds alternate which server goes first, so a change in the machine's
// load falls on both. Every round must leave the vote rows as they were (an even number of toggles
// per person) and answer as many "voted" as "unvoted": that is the consistency check of this scenario.
import type { CryptoKey } from 'jose';
import type { LoadJob, LoadResult } from './load-types.ts';
import { startMinimalServer } from './minimal-server.ts';

export const VOTERS = 400;
export const TOGGLES = 14;
export const IN_FLIGHT = 100;
const ROUNDS = Number(process.env.BENCH_VERSUS_ROUNDS ?? 4);

export interface Side {
  perSecond: number;
  /** The median of the rounds' p99 latencies, in ms (the upper one of an even count). */
  p99: number;
  perRound: number[];
  p99PerRound: number[];
  consistent: boolean;
}

export interface Versus {
  project: Side;
  minimal: Side;
  rounds: number;
}

export interface VersusOptions {
  load: (job: LoadJob) => Promise<LoadResult>;
  databaseUrl: string;
  poolSize: number;
  publicKey: CryptoKey;
  projectUrl: string;
  mission: string;
  /** Access tokens of the VOTERS people. */
  tokens: string[];
  /** Vote rows of the real server, and a wait until it has worked off what is in flight. */
  projectVotes: () => Promise<number>;
  settle: () => Promise<void>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function spikeVersusMinimal(options: VersusOptions): Promise<Versus> {
  const minimal = await startMinimalServer({
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize,
    publicKey: options.publicKey,
    missions: [options.mission],
  });
  const requests = Array.from({ length: TOGGLES }, () =>
    options.tokens.map((token) => ({ path: '/rest/v1/rpc/toggle_mission_vote', body: JSON.stringify({ p_mission_id: options.mission }), token })),
  ).flat();
  const sides = {
    project: { url: options.projectUrl, votes: options.projectVotes, results: [] as LoadResult[], consistent: true },
    minimal: { url: minimal.url, votes: minimal.votes, results: [] as LoadResult[], consistent: true },
  };
  try {
    // One round each first, not counted: connections opened, code paths warm on both sides.
    for (const side of Object.values(sides)) {
      await options.load({ url: side.url, connections: IN_FLIGHT, duration: 0, amount: requests.length, requests });
      await options.settle();
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['project', 'minimal'] as const) : (['minimal', 'project'] as const);
      for (const name of order) {
        const side = sides[name];
        const before = await side.votes();
        const result = await options.load({ url: side.url, connections: IN_FLIGHT, duration: 0, amount: requests.length, requests });
        await options.settle();
        const after = await side.votes();
        const voted = result.answers['"voted"'] ?? 0;
        const unvoted = result.answers['"unvoted"'] ?? 0;
        if (after !== before || voted !== unvoted || voted + unvoted !== requests.length || result.errors > 0) side.consistent = false;
        side.results.push(result);
      }
    }
  } finally {
    await minimal.close();
  }
  const summary = (results: LoadResult[], consistent: boolean): Side => ({
    perSecond: results.reduce((sum, r) => sum + r.requests, 0) / results.reduce((sum, r) => sum + r.seconds, 0),
    p99: median(results.map((r) => r.p99)),
    perRound: results.map((r) => r.perSecond),
    p99PerRound: results.map((r) => r.p99),
    consistent,
  });
  return {
    project: summary(sides.project.results, sides.project.consistent),
    minimal: summary(sides.minimal.results, sides.minimal.consistent),
    rounds: ROUNDS,
  };
}

export function printVersus(versus: Versus): void {
  const ratio = versus.project.perSecond / versus.minimal.perSecond;
  const rounds = (side: Side) => side.perRound.map((rate, i) => `${rate.toFixed(0)}/s p99 ${side.p99PerRound[i]}`).join(', ');
  console.log(
    `the spike against a minimal node:http + pg server (${VOTERS} voters × ${TOGGLES} toggles on one mission, ${IN_FLIGHT} in flight, ${versus.rounds} rounds each):`,
  );
  console.log(`  this server:    ${versus.project.perSecond.toFixed(0)} votes/s, p99 ${versus.project.p99} ms (rounds ${rounds(versus.project)})`);
  console.log(`  minimal server: ${versus.minimal.perSecond.toFixed(0)} votes/s, p99 ${versus.minimal.p99} ms (rounds ${rounds(versus.minimal)})`);
  const met = ratio >= 1.1 && versus.project.p99 <= versus.minimal.p99;
  console.log(`  ratio ${(ratio * 100).toFixed(0)} % (target ≥ 110 % with a p99 no worse) → ${met ? 'MET' : 'NOT MET'}`);
}
