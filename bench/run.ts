// `npm run bench`: starts the real server on a seeded database (embedded PGlite, or PostgreSQL
// with DATABASE_URL), drives it with autocannon from a worker thread, and prints one table.
// See docs/performance.md for how to read it and the last figures.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createPrivateSchema } from '../apps/server/test/private-schema.ts';
import { encodeDateOfBirth } from '@mc/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { loadSigningKeys, newPrivateJwk } from '../apps/server/src/auth/keys.ts';
import { hashPassword } from '../apps/server/src/auth/password.ts';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';
import { toggleMissionVote } from '../apps/server/src/features/missions/toggles.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { counts, missionId, seedMissions, seedUsers, seedVotes, userEmail, userId } from './seed.ts';
import { seedAttendees, timeAttendeesExport } from './export.ts';
import { timeFollowerChanges } from './notifications.ts';
import { latencyFigures } from './latency.ts';
import type { LoadJob, LoadRequest, LoadResult } from './load-types.ts';
import { liveScenario, type LiveFigures } from './live.ts';
import { organiserToken } from './organiser.ts';
import { closingPanelScenario, printClosingPanel, type ClosingPanelFigures } from './closing-panel.ts';
import { MATCHERS, OPEN_ROLES, matchingReport, runMatching, seedMatching } from './matching.ts';
import { printVersus, spikeVersusMinimal, VOTERS, type Versus } from './versus-minimal.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 100;
const USERS = 2_000;
const MISSIONS = 300;
const VOTES = 20_000;
const BIG_MISSIONS = 2_000;
const BIG_VOTES = 50_000;
const DATE_OF_BIRTH = '1990-01-01';
/** Sign-in is scrypt-bound (tens of ms of CPU each): a realistic queue, not 100 waiting phones. */
const SIGNIN_CONNECTIONS = 10;
const HOT_MISSION = 1;
/** The live scenario's probe votes go to this mission while the spike hits HOT_MISSION. */
const PROBE_MISSION = 2;
const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 2_000);
/** Rounds of (spike without, spike with the live clients): one pair says little on a shared machine. */
const LIVE_ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);
/** `BENCH_ONLY=live` runs the seeding and the live scenario alone; `BENCH_ONLY=notifications`, the change with 2,000 followers. */
const LIVE_ONLY = process.env.BENCH_ONLY === 'live';
const NOTIFICATIONS_ONLY = process.env.BENCH_ONLY === 'notifications';
/** Followers of the mission changed in the notifications scenario, and how many changes it times. */
const FOLLOWERS = 2_000;
const FOLLOWED_CHANGES = 20;
/** `BENCH_ONLY=missions` runs the seeding and the two mission-list scenarios (300 and 2,000 missions) alone. */
const MISSIONS_ONLY = process.env.BENCH_ONLY === 'missions';
/** `BENCH_ONLY=closing` runs the seeding and the closing panel's vote alone; its sizes can be made smaller for a trial. */
const CLOSING_ONLY = process.env.BENCH_ONLY === 'closing';
const CLOSING_PEOPLE = Number(process.env.BENCH_CLOSING_PEOPLE ?? 2_000);
const CLOSING_SCREENS = Number(process.env.BENCH_CLOSING_SCREENS ?? 2_000);
const CLOSING_SECONDS = Number(process.env.BENCH_CLOSING_SECONDS ?? 60);
const CLOSING_FINALISTS = 6;
const CLOSING_VOTES_EACH = 3;
/** `BENCH_ONLY=matching` runs the seeding and the matching scenario (suggestions, people who fit, the team builder) alone. */
const MATCHING_ONLY = process.env.BENCH_ONLY === 'matching';
/** `BENCH_ONLY=spike` runs the seeding and the spike against the minimal server alone (PostgreSQL only). */
const SPIKE_ONLY = process.env.BENCH_ONLY === 'spike';

interface Row {
  scenario: string;
  connections: number;
  users: number;
  result: LoadResult;
  note?: string;
}

const rows: Row[] = [];
let current: RunningServer | undefined;
/** The organisers' CSV export is measured at this many attendees (docs/decisions/016-streamed-csv-exports.md). */
const EXPORT_ATTENDEES = Number(process.env.BENCH_EXPORT_ATTENDEES ?? 20_000);
const checks: { name: string; ok: boolean; detail: string }[] = [];

/** The machine's load, printed with the figures: they mean little without it on a shared machine. */
function printLoadAverage(when: 'start' | 'end'): void {
  console.log(
    `load average at ${when}: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

/** Net change of vote rows that the toggles' answers report ("voted" +1, "unvoted" −1). */

function voteDelta(answers: Record<string, number>): number {
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

/** Runs one autocannon scenario in a child process, so the load generator never shares the server's event loop. */
function load(job: LoadJob): Promise<LoadResult> {
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
 * Waits until the server has worked off what the load generator left in flight when it stopped
 * (the database queue is first-in first-out, so one more query answers after all of them).
 */
async function settle(db: Db): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await db.query('select 1');
}

async function scenario(name: string, url: string, connections: number, requests: LoadRequest[], users: number, note?: string): Promise<LoadResult> {
  process.stdout.write(`  ${name} … `);
  const result = await load({ url, connections, duration: SECONDS, requests });
  await settle(current!.db);
  console.log(`${result.perSecond.toFixed(0)}/s, p99 ${result.p99} ms, ${result.errors} errors${result.errorSamples[0] ? ` (${result.errorSamples[0]})` : ''}`);
  rows.push({ scenario: name, connections, users, result, ...(note ? { note } : {}) });
  return result;
}

/** The identical vote statement, called straight through the driver by `connections` callers at once. */
async function directVotes(db: Db, mission: string, users: string[], connections: number): Promise<LoadResult> {
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

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function printTable(): void {
  const header = ['scenario', 'conns', 'users', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'note'];
  const body = rows.map((row) => [
    row.scenario,
    String(row.connections),
    String(row.users),
    row.result.perSecond.toFixed(0),
    String(row.result.p50),
    String(row.result.p99),
    String(row.result.errors),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => pad(cell, widths[i]!, i >= 1 && i <= 6)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, i) => (i >= 1 && i <= 6 ? `${'-'.repeat(width + 1)}:` : `${'-'.repeat(width + 2)}`)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const backend = databaseUrl ? 'postgres' : 'pglite';
  const schema = databaseUrl ? await createPrivateSchema(databaseUrl, 'bench') : null;
  const dataDir = databaseUrl ? 'memory://' : mkdtempSync(join(tmpdir(), 'mc-bench-'));
  const jwk = JSON.stringify(await newPrivateJwk());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    JWT_PRIVATE_KEY: jwk,
    // One load generator is one client address: lift the per-address limits it would otherwise hit.
    SIGNIN_PER_ADDRESS_PER_MINUTE: '1000000',
    // ...and the cap on its open connections (BENCH_LIVE_CLIENTS may go past the default).
    CONNECTIONS_PER_ADDRESS: '0',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
  });
  let server: RunningServer | undefined;
  try {
    server = await startServer(config);
    current = server;
    const { db, url } = server;
    const [version] = await db.query<{ version: string }>('select version()');
    console.log(`Mission Control benchmark: ${backend} (${version?.version.split(',')[0] ?? '?'})`);
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}`,
    );
    console.log(
      `load average at start: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} (other work on this machine skews every figure)`,
    );
    console.log(
      `${SECONDS} s per scenario, load generator (autocannon) in a child process on the same cores, pool ${config.DATABASE_POOL_SIZE}${backend === 'pglite' ? ' (PGlite: one connection)' : ''}\n`,
    );

    // Idle: the server started, nothing asked yet. The benchmark shares this process (and its tsx
    // loader, ~30 MiB); `npm run bench:startup` measures the compiled server on its own.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    console.log(`resident memory, idle after start: ${residentMiB()} MiB (this process: the server, its database and the benchmark)\n`);

    // ---- seed ----
    let t0 = performance.now();
    const passwordHash = await hashPassword(encodeDateOfBirth(DATE_OF_BIRTH));
    await seedUsers(db, USERS, passwordHash);
    await seedMissions(db, 0, MISSIONS, USERS);
    await seedVotes(db, VOTES, MISSIONS, USERS);
    await db.exec('analyze');
    const seeded = await counts(db);
    console.log(
      `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${seeded.users} users with profiles, ${seeded.missions} missions, ${seeded.votes} votes, ${seeded.subscriptions} subscriptions, ${seeded.members} members`,
    );

    t0 = performance.now();
    const keys = await loadSigningKeys({ fromEnv: jwk, dataDir });
    const tokens: string[] = [];
    for (let n = 1; n <= USERS; n += 1) {
      const minted = await signAccessToken(keys, `${url}/auth/v1`, { id: userId(n), email: userEmail(n), user_metadata: {} }, randomUUID(), 3600, {
        aal: 'aal1',
        amr: [],
      });
      tokens.push(minted.token);
    }
    console.log(`minted ${tokens.length} access tokens in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const token = (n: number) => tokens[n - 1]!;
    const firstUsers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    const rpc = (name: string) => `/rest/v1/rpc/${name}`;

    const spikeRequests = (users: number[]) =>
      users.map((n) => ({ path: rpc('toggle_mission_vote'), body: JSON.stringify({ p_mission_id: missionId(HOT_MISSION) }), token: token(n) }));
    const runLive = async (): Promise<LiveFigures> => {
      // People who have not voted for the probe mission: each probe vote raises its count by one.
      const fresh = await db.query<{ id: string }>(
        `select u.id from users u where u.email like 'bench.user%' and not exists (select 1 from mission_votes v where v.mission_id = $1 and v.user_id = u.id) order by u.id limit 500`,
        [missionId(PROBE_MISSION)],
      );
      const live = await liveScenario({
        server: server!,
        spike: async () => {
          const result = await load({ url, connections: CONNECTIONS, duration: SECONDS, requests: spikeRequests(firstUsers(USERS)) });
          await settle(db);
          return result;
        },
        tokens: firstUsers(LIVE_CLIENTS).map((n) => token(1 + ((n - 1) % USERS))),
        probeMission: missionId(PROBE_MISSION),
        probeTokens: fresh.map((row) => token(Number.parseInt(row.id.slice(-12), 16))),
        seconds: SECONDS,
        rounds: LIVE_ROUNDS,
      });
      const note = `${LIVE_ROUNDS} rounds`;
      rows.push({ scenario: 'toggle_mission_vote, ONE hot mission, no live clients', connections: CONNECTIONS, users: USERS, result: live.without, note });
      rows.push({
        scenario: `toggle_mission_vote, ONE hot mission, ${live.clients} live clients`,
        connections: CONNECTIONS,
        users: USERS,
        result: live.with,
        note,
      });
      return live;
    };

    // ---- a change to a mission with 2,000 followers (docs/decisions/020-notifications-and-digests.md) ----
    const runNotifications = async (): Promise<void> => {
      process.stdout.write('  update_mission, 2,000 followers … ');
      const fanOut = await timeFollowerChanges(db, {
        url,
        ownerToken: token(2),
        ownerId: userId(2),
        missionId: missionId(2),
        followers: FOLLOWERS,
        changes: FOLLOWED_CHANGES,
      });
      console.log(`p50 ${fanOut.result.p50} ms, p99 ${fanOut.result.p99} ms, ${fanOut.result.errors} errors`);
      const seedFollowers = [...new Set(fanOut.othersToldPerChange)].join('/');
      rows.push({
        scenario: 'update_mission, 2,000 followers, one change at a time',
        connections: 1,
        users: 1,
        result: fanOut.result,
        note: `2,000 notifications each (+${seedFollowers} to the seed's followers)`,
      });
      checks.push({
        name: 'each change to the followed mission told the 2,000 followers added to it (one event each)',
        ok: fanOut.toldPerChange.length === FOLLOWED_CHANGES && fanOut.toldPerChange.every((n) => n === FOLLOWERS) && fanOut.result.errors === 0,
        detail: `${fanOut.toldPerChange.length} changes, told ${[...new Set(fanOut.toldPerChange)].join('/')} of them each (and ${seedFollowers} of the seed's followers), ${fanOut.result.errors} errors`,
      });
    };

    // ---- the closing panel's vote: a round, the room voting, 2,000 screens, the close ----
    const runClosing = async (): Promise<ClosingPanelFigures> => {
      const closing = await closingPanelScenario({
        server: server!,
        organiserToken: await organiserToken(db, keys, url, { id: userId(1), email: userEmail(1) }),
        tokens: firstUsers(Math.min(USERS, Math.max(CLOSING_PEOPLE, CLOSING_SCREENS))).map(token),
        userIds: firstUsers(USERS).map(userId),
        finalists: Array.from({ length: CLOSING_FINALISTS }, (_, i) => missionId(10 + i)),
        people: Math.min(CLOSING_PEOPLE, USERS),
        votesEach: CLOSING_VOTES_EACH,
        screens: CLOSING_SCREENS,
        windowSeconds: CLOSING_SECONDS,
      });
      rows.push({
        scenario: `cast_round_vote, ${closing.acknowledged} votes in ${CLOSING_SECONDS} s, ${closing.screens} screens`,
        connections: Math.min(CLOSING_PEOPLE, USERS),
        users: Math.min(CLOSING_PEOPLE, USERS),
        result: closing.votes,
        note: 'closing panel',
      });
      checks.push(...closing.checks);
      return closing;
    };

    // ---- matching: 3,000 varied profiles, 1,000 open roles (docs/decisions/033-matching-and-the-team-builder.md) ----
    const runMatchingScenario = async (): Promise<void> => {
      process.stdout.write(`  matching, ${MATCHERS} varied profiles, ${OPEN_ROLES} open roles … `);
      await seedMatching(db, MISSIONS);
      const mint = async (id: string) =>
        (await signAccessToken(keys, `${url}/auth/v1`, { id, email: `${id}@example.org`, user_metadata: {} }, randomUUID(), 3600, { aal: 'aal1', amr: [] }))
          .token;
      const report = matchingReport(await runMatching(db, url, mint, token), USERS);
      rows.push(...report.rows);
      checks.push(...report.checks);
    };

    const runVersus = async (): Promise<Versus | null> => {
      if (!schema) return null;
      process.stdout.write(`  the spike, this server and a minimal one in turn … `);
      const versus = await spikeVersusMinimal({
        load,
        databaseUrl: schema.url,
        poolSize: config.DATABASE_POOL_SIZE,
        publicKey: keys.publicKey,
        projectUrl: url,
        mission: missionId(HOT_MISSION),
        tokens: firstUsers(VOTERS).map(token),
        projectVotes: () => voteRows(db),
        settle: () => settle(db),
      });
      console.log(`${versus.project.perSecond.toFixed(0)} / ${versus.minimal.perSecond.toFixed(0)} votes/s`);
      checks.push({
        name: 'every round against the minimal server left the vote rows as they were, on both servers',
        ok: versus.project.consistent && versus.minimal.consistent,
        detail: `this server ${versus.project.consistent ? 'consistent' : 'INCONSISTENT'}, minimal server ${versus.minimal.consistent ? 'consistent' : 'INCONSISTENT'}`,
      });
      return versus;
    };
    const printVersusOrWhy = (versus: Versus | null) => {
      if (versus) printVersus(versus);
      else console.log('the spike against a minimal node:http + pg server: runs on PostgreSQL only (DATABASE_URL=…)');
    };

    // ---- scenarios ----
    console.log('running:');
    if (CLOSING_ONLY) {
      const closing = await runClosing();
      console.log('');
      printTable();
      console.log('');
      printClosingPanel(closing);
      printLoadAverage('end');
      console.log('');
      printChecks();
      return;
    }
    if (MATCHING_ONLY) {
      await runMatchingScenario();
      console.log('');
      printTable();
      printLoadAverage('end');
      console.log('');
      printChecks();
      return;
    }
    if (SPIKE_ONLY) {
      const versus = await runVersus();
      console.log('');
      printVersusOrWhy(versus);
      printLoadAverage('end');
      console.log('');
      printChecks();
      return;
    }
    if (LIVE_ONLY) {
      const live = await runLive();
      console.log('');
      printTable();
      console.log('');
      printLive(live);
      printLoadAverage('end');
      return;
    }
    if (NOTIFICATIONS_ONLY) {
      await runNotifications();
      console.log('');
      printTable();
      printLoadAverage('end');
      console.log('');
      printChecks();
      return;
    }
    if (MISSIONS_ONLY) {
      const list = (users: number) => firstUsers(users).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) }));
      // CPU time of this process (the server, and PGlite's work on PGlite) per answered request: it
      // moves far less with the machine's other load than requests per second do.
      const withCpu = async (name: string): Promise<LoadResult> => {
        const before = process.cpuUsage();
        const result = await scenario(name, url, CONNECTIONS, list(1000), 1000);
        const used = process.cpuUsage(before);
        const last = rows[rows.length - 1]!;
        last.note = `${((used.user + used.system) / 1000 / Math.max(1, result.requests)).toFixed(2)} ms CPU/request`;
        return result;
      };
      await withCpu('get_all_missions (300 missions)');
      await checkListedCounts(db, url, token(USERS), MISSIONS);
      const big = await growMissions(db);
      const bigList = await withCpu(`get_all_missions (${big.missions} missions, ${big.votes} votes)`);
      await checkListedCounts(db, url, token(USERS), big.missions);
      const sample = await timeOne(url, token(1));
      console.log('');
      printTable();
      console.log('');
      console.log(
        `one get_all_missions call at ${big.missions} missions, idle server: ${sample.ms.toFixed(0)} ms, ${(sample.bytes / 1024).toFixed(0)} KiB (${(sample.gzip / 1024).toFixed(0)} KiB gzipped)`,
      );
      console.log(`get_all_missions at ${big.missions} missions: ${bigList.perSecond.toFixed(0)}/s, p99 ${bigList.p99} ms`);
      printLoadAverage('end');
      console.log('');
      printChecks();
      return;
    }
    await scenario(
      'sign-in (password grant)',
      url,
      SIGNIN_CONNECTIONS,
      firstUsers(500).map((n) => ({
        path: '/auth/v1/token?grant_type=password',
        body: JSON.stringify({ email: userEmail(n), password: encodeDateOfBirth(DATE_OF_BIRTH) }),
      })),
      500,
      'scrypt N=2^15',
    );
    await scenario(
      'get_all_missions (300 missions)',
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) })),
      1000,
    );
    await scenario(
      'get_mission_details',
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({
        path: rpc('get_mission_details'),
        body: JSON.stringify({ p_mission_id: missionId(1 + (n % MISSIONS)), p_user_id: userId(n) }),
        token: token(n),
      })),
      1000,
    );
    await scenario(
      'toggle_mission_vote, 300 missions',
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({
        path: rpc('toggle_mission_vote'),
        body: JSON.stringify({ p_mission_id: missionId(1 + ((n * 7) % MISSIONS)) }),
        token: token(n),
      })),
      1000,
    );
    const terms = ['ada', 'hop', 'lin', 'Grace Hop', 'bench.user1', 'zan', 'nkosi', 'tur', 'e', 'mokoena12'];
    await scenario(
      'search_users_with_profiles',
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({
        path: rpc('search_users_with_profiles'),
        body: JSON.stringify({ p_search_term: terms[n % terms.length], p_exclude_mission_id: n <= MISSIONS ? missionId(n) : null }),
        token: token(n),
      })),
      1000,
    );

    const hotUsers = firstUsers(USERS);
    const hot = await scenario('toggle_mission_vote, ONE hot mission', url, CONNECTIONS, spikeRequests(hotUsers), USERS, 'the spike');
    const spikeRss = residentMiB();
    const direct = await directVotes(db, missionId(HOT_MISSION), hotUsers.map(userId), CONNECTIONS);
    await settle(db);
    const ratio = hot.perSecond / direct.perSecond;
    const versus = await runVersus();
    // The cheapest answer this server gives (no token, no database), with the same load generator on
    // the same cores: what HTTP alone costs here.
    const floor = await scenario('GET /healthz (no database, HTTP only)', url, CONNECTIONS, [{ method: 'GET', path: '/healthz', body: '' }], 0, 'HTTP floor');

    // ---- consistency ----
    // Timed runs stop with requests in flight whose answers nobody reads, so the exact check is a
    // counted burst: every user toggles the hot mission twice (4,000 toggles, 100 connections),
    // and every answer must be reflected in the rows, one for one.
    const votesBefore = await voteRows(db);
    process.stdout.write(`  check burst: ${2 * USERS} toggles on the hot mission … `);
    const burst = await load({
      url,
      connections: CONNECTIONS,
      duration: 0,
      amount: 2 * USERS,
      requests: [...hotUsers, ...hotUsers].map((n) => ({
        path: rpc('toggle_mission_vote'),
        body: JSON.stringify({ p_mission_id: missionId(HOT_MISSION) }),
        token: token(n),
      })),
    });
    console.log(`${burst.requests} answered, ${burst.errors} errors, answers ${JSON.stringify(burst.answers)}`);
    const delta = voteDelta(burst.answers);
    const votesAfter = await voteRows(db);
    checks.push({
      name: 'vote rows after the burst = before + "voted" − "unvoted" answers',
      ok: votesAfter === votesBefore + delta && burst.requests === 2 * USERS && burst.errors === 0,
      detail: `${votesAfter} rows; ${votesBefore} ${delta >= 0 ? '+' : '−'} ${Math.abs(delta)} = ${votesBefore + delta}; ${burst.requests}/${2 * USERS} answered, ${burst.errors} errors`,
    });
    await checkListedCounts(db, url, token(USERS), MISSIONS);
    const duplicates = await db.query<{ n: number }>(
      'select count(*)::int as n from (select mission_id, user_id from mission_votes group by 1, 2 having count(*) > 1) d',
    );
    checks.push({ name: 'no user holds two votes on one mission', ok: duplicates[0]?.n === 0, detail: `${duplicates[0]?.n ?? '?'} duplicates` });

    // ---- the closing panel: live clients during the spike ----
    const live = await runLive();
    checks.push({
      name: `every live client received every round's last probe vote`,
      ok: live.delays.clientsWithLast === LIVE_CLIENTS && live.clients === LIVE_CLIENTS && live.probeVotes > 0 && live.delays.missing === 0,
      detail: `fewest in a round: ${live.delays.clientsWithLast}/${LIVE_CLIENTS} clients; ${live.probeVotes} probe votes; ${live.delays.missing} (vote, client) pairs missing${live.probeErrors[0] ? `; ${live.probeErrors[0]}` : ''}`,
    });

    await runNotifications();
    const closingPanel = await runClosing();
    await runMatchingScenario();

    // ---- scale: 2,000 missions, 50,000 votes ----
    const big = await growMissions(db);
    const bigList = await scenario(
      `get_all_missions (${big.missions} missions, ${big.votes} votes)`,
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) })),
      1000,
    );
    const sample = await timeOne(url, token(1));

    // ---- the organisers' attendees export at 20,000 attendees ----
    const attendees = await seedAttendees(db, EXPORT_ATTENDEES);
    const organiser = await organiserToken(db, keys, url, { id: userId(1), email: userEmail(1) });
    const exported = await timeAttendeesExport(url, organiser, attendees);
    checks.push({
      name: 'the attendees export has a header and one line per attendee',
      // Names hold no line breaks here, so lines are records.
      ok: exported.rows === attendees + 1,
      detail: `${exported.rows} lines for ${attendees} attendees`,
    });

    // ---- report ----
    console.log('');
    printTable();
    console.log('');
    console.log(
      `one get_all_missions call at ${big.missions} missions, idle server: ${sample.ms.toFixed(0)} ms, ${(sample.bytes / 1024).toFixed(0)} KiB (${(sample.gzip / 1024).toFixed(0)} KiB gzipped)`,
    );
    console.log(
      `HTTP / direct driver on the hot mission: ${hot.perSecond.toFixed(0)} / ${direct.perSecond.toFixed(0)} = ${(ratio * 100).toFixed(0)} % (target ≥ 70 %)`,
    );
    // The direct figure no longer says what our layers cost: batching made the database side several
    // times faster than HTTP can feed it. The empty answer does: it is HTTP alone, on the same cores.
    console.log(
      `  against HTTP alone: the spike answers votes at ${((hot.perSecond / floor.perSecond) * 100).toFixed(0)} % of the rate of GET /healthz (${floor.perSecond.toFixed(0)}/s), the cheapest answer this server gives`,
    );
    const target = backend === 'postgres' ? 3000 : 1000;
    const targetMet = hot.perSecond >= target && (backend === 'pglite' || hot.p99 < 50) && hot.errors === 0;
    console.log(
      `hot-mission target on ${backend}: ≥ ${target} votes/s${backend === 'postgres' ? ', p99 < 50 ms' : ''}, 0 errors → ${targetMet ? 'MET' : 'NOT MET'} (${hot.perSecond.toFixed(0)}/s, p99 ${hot.p99} ms, ${hot.errors} errors)`,
    );
    printVersusOrWhy(versus);
    console.log(`resident memory at the end of the spike: ${spikeRss} MiB (this process: the server, its database and the benchmark)`);
    console.log(`get_all_missions at ${big.missions} missions: ${bigList.perSecond.toFixed(0)}/s, p99 ${bigList.p99} ms`);
    printLive(live);
    printClosingPanel(closingPanel);
    console.log(
      `attendees export: ${exported.attendees} attendees, ${(exported.bytes / 2 ** 20).toFixed(1)} MiB in ${exported.seconds.toFixed(2)} s; ` +
        `peak memory of the server process ${exported.peakRssMiB.toFixed(0)} MiB resident (+${exported.rssGrowthMiB.toFixed(0)} MiB during the export), heap ${exported.peakHeapMiB.toFixed(0)} MiB`,
    );
    printLoadAverage('end');
    console.log('');
    printChecks();
  } finally {
    await server?.close();
    await schema?.drop();
    if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints every check; any failure makes the exit code 1. */
function printChecks(): void {
  for (const check of checks) console.log(`${check.ok ? 'OK  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
}

function residentMiB(): string {
  return (process.memoryUsage().rss / 2 ** 20).toFixed(0);
}

function printLive(live: LiveFigures): void {
  const KB = 1024;
  const kept = live.with.perSecond / live.without.perSecond;
  const perClientRss = (live.rssAfter - live.rssBefore) / live.clients;
  const perClientHeap = (live.heapAfter - live.heapBefore) / live.clients;
  const { delays } = live;
  console.log(`live channel, ${live.clients} clients on one instance (connected in ${live.connectSeconds.toFixed(1)} s), ${live.rounds} rounds:`);
  console.log(
    `  the spike without / with them: ${live.without.perSecond.toFixed(0)} / ${live.with.perSecond.toFixed(0)} votes/s = ${(kept * 100).toFixed(0)} % (target ≥ 80 %) → ${kept >= 0.8 ? 'MET' : 'NOT MET'}` +
      `; by round: ${live.perRound.map((round) => `${round.without.toFixed(0)} / ${round.with.toFixed(0)}`).join(', ')}`,
  );
  console.log(
    `  vote answer → arrival at the clients: p50 ${delays.p50} ms, p99 ${delays.p99} ms, max ${delays.max} ms over ${delays.samples} (vote, client) pairs ` +
      `(${live.probeVotes} probe votes; ${delays.missing} never arrived; ${delays.early} arrived before the voter had its answer) (target p99 < 1,000 ms) → ${delays.p99 < 1_000 && delays.missing === 0 ? 'MET' : 'NOT MET'}`,
  );
  console.log(`  missions messages per client per second during the spike: ${delays.messagesPerClientPerSecond.toFixed(1)}`);
  console.log(
    `  server CPU per 1,000 votes without / with the clients: ${live.cpuPerThousandWithout.toFixed(0)} / ${live.cpuPerThousandWith.toFixed(0)} ms; ` +
      `the clients' own process used ${(live.delays.cpuShare * 100).toFixed(0)} % of a core`,
  );
  const withCpuMs = (live.cpuPerThousandWith * live.with.requests) / 1000;
  console.log(
    `  sending: ${live.fanouts} messages to all ${live.clients} clients, ${(live.fanoutCpuMs / Math.max(1, live.fanouts)).toFixed(1)} ms of server CPU each ` +
      `(${((live.fanoutCpuMs * 1000) / Math.max(1, live.fanouts * live.clients)).toFixed(1)} µs per client), ${((live.fanoutCpuMs / withCpuMs) * 100).toFixed(0)} % of the server's CPU during the spikes with clients`,
  );
  console.log(
    `  server memory per connected client: ${(perClientRss / KB).toFixed(1)} KB resident (${(live.rssBefore / 2 ** 20).toFixed(0)} → ${(live.rssAfter / 2 ** 20).toFixed(0)} MiB), ` +
      `${(perClientHeap / KB).toFixed(1)} KB of heap and buffers (target < 50 KB) → ${perClientRss < 50 * KB ? 'MET' : 'NOT MET'}`,
  );
}

/** Every listed mission's vote_count equals its vote rows, and the list has every mission. */
async function checkListedCounts(db: Db, url: string, accessToken: string, missions: number): Promise<void> {
  const listed = await fetchAllMissions(url, accessToken);
  const perMission = await db.query<{ mission_id: string; count: number }>('select mission_id, count(*)::int as count from mission_votes group by mission_id');
  const rowsByMission = new Map(perMission.map((row) => [row.mission_id, row.count]));
  const mismatched = listed.filter((mission) => mission.vote_count !== (rowsByMission.get(mission.mission_id) ?? 0));
  const listedTotal = listed.reduce((sum, mission) => sum + mission.vote_count, 0);
  checks.push({
    name: `get_all_missions vote_count = vote rows, per mission (${missions} missions)`,
    ok: mismatched.length === 0 && listed.length === missions,
    detail: `${listed.length} missions, ${mismatched.length} mismatched, Σ vote_count ${listedTotal}`,
  });
}

/** Grows the data to 2,000 missions and 50,000 votes. */
async function growMissions(db: Db): Promise<Awaited<ReturnType<typeof counts>>> {
  const t0 = performance.now();
  await seedMissions(db, MISSIONS, BIG_MISSIONS, USERS);
  await seedVotes(db, BIG_VOTES, BIG_MISSIONS, USERS);
  await db.exec('analyze');
  const big = await counts(db);
  console.log(
    `  (grew to ${big.missions} missions, ${big.votes} votes, ${big.subscriptions} subscriptions in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return big;
}

async function voteRows(db: Db): Promise<number> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from mission_votes');
  return row?.count ?? -1;
}

interface ListedMission {
  mission_id: string;
  vote_count: number;
}

async function fetchAllMissions(url: string, accessToken: string): Promise<ListedMission[]> {
  const response = await fetch(`${url}/rest/v1/rpc/get_all_missions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${accessToken}` },
    body: '{}',
  });
  if (!response.ok) throw new Error(`get_all_missions: ${response.status} ${await response.text()}`);
  return (await response.json()) as ListedMission[];
}

/** One list call as a browser makes it (gzip accepted): time to the last byte, bytes on the wire, and unpacked. */
async function timeOne(url: string, accessToken: string): Promise<{ ms: number; bytes: number; gzip: number }> {
  const t0 = performance.now();
  const wire = await new Promise<Buffer>((resolve, reject) => {
    const request = httpRequest(`${url}/rest/v1/rpc/get_all_missions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => resolve(Buffer.concat(chunks)));
      response.once('error', reject);
    });
    request.end('{}');
  });
  const ms = performance.now() - t0;
  return { ms, bytes: gunzipSync(wire).length, gzip: wire.length };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
