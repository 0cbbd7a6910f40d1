// `npm run bench`'s check-in scenarios (BENCH_ONLY=checkin runs them alone): four doors scanning
// their share of the arrivals as fast as they can (a 15-minute arrival compressed), and a door's
// offline queue of 500 scans draining when it comes back online, none lost and none twice.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { signBadgeCode } from '../apps/server/src/features/checkin/codes.ts';
import { latencyFigures } from './latency.ts';
import { checks, rows } from './report.ts';
import { userId } from './seed.ts';
import { USERS, type Bench } from './setup.ts';

const DOORS = 4;
/** People arriving through the doors (each door scans a quarter of them), and how many scans each door has in flight. */
const PEOPLE = Math.min(Number(process.env.BENCH_CHECKIN_PEOPLE ?? 1_000), USERS - DOORS - 600);
const IN_FLIGHT_PER_DOOR = Number(process.env.BENCH_CHECKIN_IN_FLIGHT ?? 4);
const OFFLINE_SCANS = 500;
const SYNC_BATCH = 100;
/** The real arrival window the compressed run stands for. */
const WINDOW_SECONDS = 15 * 60;

export interface CheckinFigures {
  scans: number;
  perSecond: number;
  p99: number;
  neededPerSecond: number;
  drainMs: number;
  offlineRecorded: number;
}

/** Makes the door staff and the badges straight in the database, and answers each person's code. */
async function prepare({ db, keys, config }: Bench, people: number[]): Promise<string[]> {
  for (let door = 1; door <= DOORS + 1; door++) {
    await db.query(`insert into door_staff (user_id, granted_by) values ($1, 'bench') on conflict do nothing`, [userId(door)]);
  }
  const ids = people.map(() => randomUUID());
  await db.query(
    `insert into badges (user_id, badge_id, version) select unnest($1::uuid[]), unnest($2::uuid[]), 1 on conflict (user_id) do update set badge_id = excluded.badge_id, version = 1`,
    [people.map(userId), ids],
  );
  return Promise.all(ids.map((b) => signBadgeCode(keys, { b, e: config.EVENT_ID, v: 1 })));
}

async function call(url: string, token: string, name: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, apikey: 'bench' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export async function runCheckin(bench: Bench): Promise<CheckinFigures> {
  const { url, token, db } = bench;
  const arriving = Array.from({ length: PEOPLE }, (_, i) => DOORS + 2 + i);
  const offline = Array.from({ length: OFFLINE_SCANS }, (_, i) => DOORS + 2 + PEOPLE + i);
  const codes = await prepare(bench, [...arriving, ...offline]);

  // ---- four doors, each scanning its quarter (and one in twenty again, as a second door would) ----
  process.stdout.write(`  check-in: ${DOORS} doors × ${PEOPLE / DOORS} people, ${IN_FLIGHT_PER_DOOR} scans in flight per door … `);
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: DOORS }, async (_, door) => {
      const queue = arriving.flatMap((_person, i) => (i % DOORS === door ? [i] : i % 20 === 0 && (i + 1) % DOORS === door ? [i] : []));
      const worker = async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const at = performance.now();
          const answer = (await call(url, token(door + 1), 'checkin_scan', {
            p_code: codes[next],
            p_door: `Door ${door + 1}`,
            p_scanned_at: new Date().toISOString(),
            p_client_scan_id: randomUUID(),
          })) as { outcome: string };
          latencies.push(performance.now() - at);
          outcomes.set(answer.outcome, (outcomes.get(answer.outcome) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT_PER_DOOR }, worker));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const figures = latencyFigures(latencies, seconds);
  console.log(`${figures.requests} scans, ${JSON.stringify(Object.fromEntries(outcomes))}`);
  rows.push({
    scenario: `checkin_scan, ${DOORS} doors × ${PEOPLE / DOORS} people (compressed)`,
    connections: DOORS * IN_FLIGHT_PER_DOOR,
    users: PEOPLE,
    result: { ...figures, errors: 0, non2xx: 0, answers: Object.fromEntries(outcomes), errorSamples: [] },
    note: 'check-in',
  });
  const [checkedIn] = await db.query<{ n: number }>('select count(*)::int as n from checkins where user_id = any($1::uuid[])', [arriving.map(userId)]);
  checks.push({
    name: 'one check-in per arriving person after the doors',
    // A second door's scan of someone may carry the earlier time and arrive second: it takes the
    // check-in's place and is told checked_in too (the earliest wins), so checked_in may exceed PEOPLE.
    ok: checkedIn?.n === PEOPLE && (outcomes.get('checked_in') ?? 0) >= PEOPLE && !outcomes.has('invalid'),
    detail: `${checkedIn?.n ?? 0} of ${PEOPLE} checked in; answers ${JSON.stringify(Object.fromEntries(outcomes))}`,
  });

  // ---- a door's offline queue of 500 scans comes back online ----
  const queue = offline.map((_, i) => ({
    code: codes[PEOPLE + i],
    scanned_at: new Date(Date.now() - 600_000 + i * 1000).toISOString(),
    client_scan_id: randomUUID(),
  }));
  process.stdout.write(`  check-in: ${OFFLINE_SCANS} offline scans syncing in batches of ${SYNC_BATCH} … `);
  const drainStart = performance.now();
  const send = async () => {
    let answered = 0;
    for (let i = 0; i < queue.length; i += SYNC_BATCH) {
      answered += ((await call(url, token(DOORS + 1), 'checkin_sync', { p_door: 'Side door', p_scans: queue.slice(i, i + SYNC_BATCH) })) as unknown[]).length;
    }
    return answered;
  };
  const answered = await send();
  const drainMs = performance.now() - drainStart;
  // Sent again (the answer was lost): nothing changes.
  await send();
  const [recorded] = await db.query<{ n: number }>('select count(*)::int as n from checkin_scans where client_scan_id = any($1::uuid[])', [
    queue.map((scan) => scan.client_scan_id),
  ]);
  const [offlineIn] = await db.query<{ n: number }>('select count(*)::int as n from checkins where user_id = any($1::uuid[])', [offline.map(userId)]);
  console.log(`${answered} answered in ${Math.round(drainMs)} ms`);
  checks.push({
    name: 'offline queue: every scan recorded exactly once, sent twice',
    ok: answered === OFFLINE_SCANS && recorded?.n === OFFLINE_SCANS && offlineIn?.n === OFFLINE_SCANS,
    detail: `${answered} answered, ${recorded?.n ?? 0} scans recorded, ${offlineIn?.n ?? 0} people checked in, of ${OFFLINE_SCANS}`,
  });
  return {
    scans: figures.requests,
    perSecond: figures.perSecond,
    p99: figures.p99,
    neededPerSecond: PEOPLE / WINDOW_SECONDS,
    drainMs,
    offlineRecorded: recorded?.n ?? 0,
  };
}

export function printCheckin(figures: CheckinFigures): void {
  console.log(
    `check-in: ${figures.scans} scans at ${figures.perSecond.toFixed(0)}/s (p99 ${figures.p99} ms); ` +
      `${PEOPLE} people in 15 minutes need ${figures.neededPerSecond.toFixed(1)}/s. ` +
      `Offline queue of ${OFFLINE_SCANS}: drained in ${Math.round(figures.drainMs)} ms, ${figures.offlineRecorded} recorded once each.`,
  );
}
