// Scenarios of `npm run bench` that each run alone too (BENCH_ONLY=live, notifications, publish,
// matching, spike): the live channel during the spike, a change told to 2,000 followers, a
// programme publication told to 3,000 open apps, matching, and the spike against a minimal server. Each adds its rows and checks; the report prints them.
import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';
import { missionId, userEmail, userId } from './seed.ts';
import { timeFollowerChanges } from './notifications.ts';
import { organiserToken } from './organiser.ts';
import { programmePublishScenario, type PublishFigures } from './programme-publish.ts';
import { liveScenario, type LiveFigures } from './live.ts';
import { MATCHERS, OPEN_ROLES, matchingReport, runMatching, seedMatching } from './matching.ts';
import { printVersus, spikeVersusMinimal, VOTERS, type Versus } from './versus-minimal.ts';
import { load, SECONDS, settle } from './harness.ts';
import { voteRows } from './mission-list.ts';
import { checks, rows } from './report.ts';
import { CONNECTIONS, HOT_MISSION, MISSIONS, USERS, type Bench } from './setup.ts';

/** The live scenario's probe votes go to this mission while the spike hits HOT_MISSION. */
const PROBE_MISSION = 2;
export const LIVE_CLIENTS = Number(process.env.BENCH_LIVE_CLIENTS ?? 2_000);
/** Rounds of (spike without, spike with the live clients): one pair says little on a shared machine. */
const LIVE_ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);
/** Followers of the mission changed in the notifications scenario, and how many changes it times. */
const FOLLOWERS = 2_000;
const FOLLOWED_CHANGES = 20;

// ---- the closing panel: live clients during the spike ----
export async function runLive({ server, db, url, token, firstUsers, spikeRequests }: Bench): Promise<LiveFigures> {
  // People who have not voted for the probe mission: each probe vote raises its count by one.
  const fresh = await db.query<{ id: string }>(
    `select u.id from users u where u.email like 'bench.user%' and not exists (select 1 from mission_votes v where v.mission_id = $1 and v.user_id = u.id) order by u.id limit 500`,
    [missionId(PROBE_MISSION)],
  );
  const live = await liveScenario({
    server,
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
}

// ---- a change to a mission with 2,000 followers (docs/decisions/020-notifications-and-digests.md) ----
export async function runNotifications({ db, url, token }: Bench): Promise<void> {
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
}

// ---- a programme publication that concerns 3,000 people with the app open (docs/decisions/034-programme-versions-and-the-diff.md) ----
export async function runProgrammePublish({ db, keys, url }: Bench): Promise<PublishFigures> {
  process.stdout.write('  publish_programme, a part 3,000 people starred … ');
  const figures = await programmePublishScenario({
    db,
    keys,
    url,
    organiserToken: await organiserToken(db, keys, url, { id: userId(1), email: userEmail(1) }),
  });
  console.log(`bell p99 ${figures.bellP99.toFixed(0)} ms, transaction ${figures.transactionMs.toFixed(0)} ms`);
  checks.push({
    name: 'a publication told every person who starred the changed part, and each open app’s bell showed it',
    ok: figures.notified >= figures.starring && figures.connected === figures.starring && figures.missing === 0,
    detail: `${figures.notified} told of ${figures.starring} starring; ${figures.connected} apps open, ${figures.missing} bells without it after 30 s${figures.errors[0] ? `; ${figures.errors[0]}` : ''}`,
  });
  return figures;
}

// ---- matching: 3,000 varied profiles, 1,000 open roles (docs/decisions/033-matching-and-the-team-builder.md) ----
export async function runMatchingScenario({ db, url, keys, token }: Bench): Promise<void> {
  process.stdout.write(`  matching, ${MATCHERS} varied profiles, ${OPEN_ROLES} open roles … `);
  await seedMatching(db, MISSIONS);
  const mint = async (id: string) =>
    (await signAccessToken(keys, `${url}/auth/v1`, { id, email: `${id}@example.org`, user_metadata: {} }, randomUUID(), 3600, { aal: 'aal1', amr: [] })).token;
  const report = matchingReport(await runMatching(db, url, mint, token), USERS);
  rows.push(...report.rows);
  checks.push(...report.checks);
}

// ---- the spike against a minimal node:http + pg server (PostgreSQL only) ----
export async function runVersus({ schema, config, keys, url, db, token, firstUsers }: Bench): Promise<Versus | null> {
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
}

export function printVersusOrWhy(versus: Versus | null): void {
  if (versus) printVersus(versus);
  else console.log('the spike against a minimal node:http + pg server: runs on PostgreSQL only (DATABASE_URL=…)');
}
