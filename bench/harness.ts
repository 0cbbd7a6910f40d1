// How `npm run bench` times a scenario: autocannon in a child process against the running server,
// or the vote statement called straight through the driver; each timed scenario adds a row.
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toggleMissionVote } from '../apps/server/src/features/missions/toggles.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { latencyFigures } from './latency.ts';
import type { LoadJob, LoadRequest, LoadResult } from './load-types.ts';
import { rows } from './report.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

/** Runs one autocannon scenario in a child process, so the load generator never shares the server's event loop. */
export function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    let settled = false;
    child.once('message', (message: { ok: true; result: LoadResult } | { ok: false; error: string }) => {
      settled = true;
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(job);
  });
}

/**
 * Waits until the database has worked off what the load generator left in flight when it stopped.
 * PGlite runs queries one at a time in arrival order, so one more query answers after all of them.
 * PostgreSQL runs them side by side: its own list of sessions is read until none of this
 * database's other client sessions is working (a pool hands a freed connection to the next waiting
 * query at once, so the list empties only when the queue has).
 */
export async function settle(db: Db): Promise<void> {
  if (db.kind === 'pglite') {
    await db.query('select 1');
    return;
  }
  for (;;) {
    const [row] = await db.query<{ busy: number }>(
      `select count(*)::int as busy from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and state <> 'idle'`,
    );
    if (row?.busy === 0) return;
  }
}

export type Scenario = (name: string, url: string, connections: number, requests: LoadRequest[], users: number, note?: string) => Promise<LoadResult>;

/** A timed scenario against the server whose database is `db`: prints its figures and adds its row. */
export function scenarioOn(db: Db): Scenario {
  return async (name, url, connections, requests, users, note) => {
    process.stdout.write(`  ${name} … `);
    const result = await load({ url, connections, duration: SECONDS, requests });
    await settle(db);
    console.log(
      `${result.perSecond.toFixed(0)}/s, p99 ${result.p99} ms, ${result.errors} errors${result.errorSamples[0] ? ` (${result.errorSamples[0]})` : ''}`,
    );
    rows.push({ scenario: name, connections, users, result, ...(note ? { note } : {}) });
    return result;
  };
}

/** The identical vote statement, called straight through the driver by `connections` callers at once. */
export async function directVotes(db: Db, mission: string, users: string[], connections: number): Promise<LoadResult> {
  process.stdout.write('  toggle_mission_vote direct (no HTTP) … ');
  const latencies: number[] = [];
  const answers: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const user = users[next % users.length]!;
      next += 1;
      const t0 = performance.now();
      try {
        const answer = await toggleMissionVote(db, mission, user);
        const key = JSON.stringify(answer);
        answers[key] = (answers[key] ?? 0) + 1;
      } catch (error) {
        errors += 1;
        if (errorSamples.length < 3) errorSamples.push(error instanceof Error ? error.message : String(error));
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, caller));
  const seconds = (performance.now() - started) / 1000;
  const result: LoadResult = {
    ...latencyFigures(latencies, seconds),
    errors,
    non2xx: 0,
    answers,
    errorSamples,
  };
  console.log(`${result.perSecond.toFixed(0)}/s, p99 ${result.p99} ms, ${errors} errors`);
  rows.push({ scenario: 'toggle_mission_vote, hot mission, direct driver', connections, users: users.length, result, note: 'same SQL, no HTTP' });
  return result;
}

/** Net change of vote rows that the toggles' answers report ("voted" +1, "unvoted" −1). */
export function voteDelta(answers: Record<string, number>): number {
  let delta = 0;
  for (const [body, count] of Object.entries(answers)) {
    const answer = parseAnswer(body);
    if (answer === 'voted') delta += count;
    if (answer === 'unvoted') delta -= count;
  }
  return delta;
}

function parseAnswer(body: string): string {
  try {
    const value: unknown = JSON.parse(body);
    const first: unknown = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' ? first : body;
  } catch {
    return body;
  }
}
