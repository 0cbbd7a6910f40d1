// `npm run bench`: starts the real server on a seeded database (embedded PGlite, or PostgreSQL
// with DATABASE_URL), drives it with autocannon from a worker thread, and prints one table.
// See docs/performance.md for how to read it and the last figures.
import { performance } from 'node:perf_hooks';
import { encodeDateOfBirth } from '@mc/contract';
import type { Db } from '../apps/server/src/db/db.ts';
import { counts, missionId, seedMissions, seedVotes, userEmail, userId } from './seed.ts';
import { seedAttendees, timeAttendeesExport } from './export.ts';
import type { LoadResult } from './load-types.ts';
import { printLive } from './live.ts';
import { organiserToken } from './organiser.ts';
import { printCheckin, runCheckin } from './checkin.ts';
import { closingPanelScenario, printClosingPanel, type ClosingPanelFigures } from './closing-panel.ts';
import { directVotes, load, scenarioOn, settle, voteDelta } from './harness.ts';
import { checkListedCounts, timeOne, voteRows } from './mission-list.ts';
import { checks, printReport, residentMiB, rows } from './report.ts';
import { printProgrammePublish } from './programme-publish.ts';
import { printQuestions, runQuestionsScenario } from './questions.ts';
import { printTwoInstances, runTwoInstances } from './two-instances.ts';
import { LIVE_CLIENTS, printVersusOrWhy, runLive, runMatchingScenario, runNotifications, runProgrammePublish, runVersus } from './scenarios.ts';
import { CONNECTIONS, DATE_OF_BIRTH, HOT_MISSION, MISSIONS, USERS, startBench, type Bench } from './setup.ts';

const BIG_MISSIONS = 2_000;
const BIG_VOTES = 50_000;
/** Sign-in is scrypt-bound (tens of ms of CPU each): a realistic queue, not 100 waiting phones. */
const SIGNIN_CONNECTIONS = 10;
/** `BENCH_ONLY=live` runs the seeding and the live scenario alone; `BENCH_ONLY=notifications`, the change with 2,000 followers. */
const LIVE_ONLY = process.env.BENCH_ONLY === 'live';
/** `BENCH_ONLY=instances` (PostgreSQL) runs the seeding and the spike on two instances with live screens on both (REDIS_URL for the Redis bus). */
const INSTANCES_ONLY = process.env.BENCH_ONLY === 'instances';
const NOTIFICATIONS_ONLY = process.env.BENCH_ONLY === 'notifications';
/** `BENCH_ONLY=publish` runs the seeding and a programme publication told to 3,000 open apps alone. */
const PUBLISH_ONLY = process.env.BENCH_ONLY === 'publish';
/** `BENCH_ONLY=missions` runs the seeding and the two mission-list scenarios (the seeded missions and 2,000) alone. */
const MISSIONS_ONLY = process.env.BENCH_ONLY === 'missions';
/** `BENCH_ONLY=list-vs-toggle` runs the seeding and the app's list against the vote toggle alone (`BENCH_MISSIONS=150` for the target's size). */
const LIST_VS_TOGGLE_ONLY = process.env.BENCH_ONLY === 'list-vs-toggle';
/** `BENCH_ONLY=closing` runs the seeding and the closing panel's vote alone; its sizes can be made smaller for a trial. */
const CLOSING_ONLY = process.env.BENCH_ONLY === 'closing';
const CLOSING_PEOPLE = Number(process.env.BENCH_CLOSING_PEOPLE ?? 2_000);
const CLOSING_SCREENS = Number(process.env.BENCH_CLOSING_SCREENS ?? 2_000);
const CLOSING_SECONDS = Number(process.env.BENCH_CLOSING_SECONDS ?? 60);
const CLOSING_FINALISTS = 6;
const CLOSING_VOTES_EACH = 3;
/** Everyday toggles each person makes between their round votes (0 for the round's votes alone). */
const CLOSING_TOGGLES_EACH = Number(process.env.BENCH_CLOSING_TOGGLES ?? 2);
/** `BENCH_ONLY=matching` runs the seeding and the matching scenario (suggestions, people who fit, the team builder) alone. */
const MATCHING_ONLY = process.env.BENCH_ONLY === 'matching';
/** `BENCH_ONLY=questions` runs the seeding and the room upvoting one question alone (`BENCH_QUESTION_PEOPLE`, 2,000 by default). */
const QUESTIONS_ONLY = process.env.BENCH_ONLY === 'questions';
const QUESTION_PEOPLE = Math.min(USERS, Number(process.env.BENCH_QUESTION_PEOPLE ?? 2_000));
/** `BENCH_ONLY=spike` runs the seeding and the spike against the minimal server alone (PostgreSQL only). */
const SPIKE_ONLY = process.env.BENCH_ONLY === 'spike';
/** `BENCH_ONLY=checkin` runs the seeding and the check-in scenarios (four doors, an offline queue of 500) alone. */
const CHECKIN_ONLY = process.env.BENCH_ONLY === 'checkin';
/** The organisers' CSV export is measured at this many attendees (docs/decisions/016-streamed-csv-exports.md). */
const EXPORT_ATTENDEES = Number(process.env.BENCH_EXPORT_ATTENDEES ?? 20_000);

/** One scenario alone (BENCH_ONLY), then the report with its own figures. */
async function runAlone<T>(run: () => Promise<T>, print?: (figures: T) => void): Promise<void> {
  const figures = await run();
  printReport(print && (() => print(figures)));
}

async function main(): Promise<void> {
  const bench: Bench = await startBench();
  try {
    const { server, db, url, keys, token, firstUsers, rpc, spikeRequests } = bench;
    const scenario = scenarioOn(db);

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
        togglesEach: CLOSING_TOGGLES_EACH,
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

    /** The list as the app reads it: the shared part and the person's own marks, two requests per list. */
    const appList = (users: number) => firstUsers(users).map((n) => ({ path: rpc('get_mission_list'), body: '{}', token: token(n) }));
    const toggles = (users: number) =>
      firstUsers(users).map((n) => ({
        path: rpc('toggle_mission_vote'),
        body: JSON.stringify({ p_mission_id: missionId(1 + ((n * 7) % MISSIONS)) }),
        token: token(n),
      }));

    // ---- the mission list at the seeded missions and at 2,000, with CPU per request ----
    const runMissionList = async () => {
      const list = (users: number) => firstUsers(users).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) }));
      // CPU time of this process (the server, and PGlite's work on PGlite) per answered request: it
      // moves far less with the machine's other load than requests per second do.
      const withCpu = async (name: string, requests = list(1000)): Promise<LoadResult> => {
        const before = process.cpuUsage();
        const result = await scenario(name, url, CONNECTIONS, requests, 1000);
        const used = process.cpuUsage(before);
        const last = rows[rows.length - 1]!;
        last.note = `${((used.user + used.system) / 1000 / Math.max(1, result.requests)).toFixed(2)} ms CPU/request`;
        return result;
      };
      await withCpu(`get_all_missions (${MISSIONS} missions)`);
      await withCpu(`the app's list: get_mission_list (${MISSIONS} missions)`, appList(1000));
      await checkListedCounts(db, url, token(USERS), MISSIONS);
      const big = await growMissions(db);
      const bigList = await withCpu(`get_all_missions (${big.missions} missions, ${big.votes} votes)`);
      const bigAppList = await withCpu(`the app's list: get_mission_list (${big.missions} missions)`, appList(1000));
      await checkListedCounts(db, url, token(USERS), big.missions);
      const sample = await timeOne(url, token(1));
      return { big, bigList, bigAppList, sample };
    };

    // ---- scenarios ----
    console.log('running:');
    if (CLOSING_ONLY) return await runAlone(runClosing, printClosingPanel);
    if (MATCHING_ONLY) return await runAlone(() => runMatchingScenario(bench));
    if (SPIKE_ONLY) return await runAlone(() => runVersus(bench), printVersusOrWhy);
    if (CHECKIN_ONLY) return await runAlone(() => runCheckin(bench), printCheckin);
    if (LIVE_ONLY) return await runAlone(() => runLive(bench), printLive);
    if (INSTANCES_ONLY) return await runAlone(() => runTwoInstances(bench), printTwoInstances);
    if (QUESTIONS_ONLY) return await runAlone(() => runQuestionsScenario(bench, QUESTION_PEOPLE), printQuestions);
    if (NOTIFICATIONS_ONLY) return await runAlone(() => runNotifications(bench));
    if (PUBLISH_ONLY) return await runAlone(() => runProgrammePublish(bench), printProgrammePublish);
    if (LIST_VS_TOGGLE_ONLY) {
      // Alternately, so both see the same machine: a busy moment then costs one round, not one side.
      const lists: LoadResult[] = [];
      const votes: LoadResult[] = [];
      for (let round = 0; round < 3; round += 1) {
        lists.push(await scenario(`the app's list: get_mission_list (${MISSIONS} missions)`, url, CONNECTIONS, appList(1000), 1000));
        votes.push(await scenario(`toggle_mission_vote, ${MISSIONS} missions`, url, CONNECTIONS, toggles(1000), 1000));
      }
      const total = (results: LoadResult[]) => results.reduce((sum, result) => sum + result.perSecond, 0);
      return printReport(() =>
        console.log(
          `the app's list against the vote toggle at ${MISSIONS} missions, three rounds each: ${(total(lists) / 3).toFixed(0)} lists/s / ${(total(votes) / 3).toFixed(0)} toggles/s = ${((total(lists) / total(votes)) * 100).toFixed(0)} % (target ≥ 100 % at 150)`,
        ),
      );
    }
    if (MISSIONS_ONLY) {
      return await runAlone(runMissionList, ({ big, bigList, bigAppList, sample }) => {
        console.log(
          `one get_all_missions call at ${big.missions} missions, idle server: ${sample.ms.toFixed(0)} ms, ${(sample.bytes / 1024).toFixed(0)} KiB (${(sample.gzip / 1024).toFixed(0)} KiB gzipped)`,
        );
        console.log(`get_all_missions at ${big.missions} missions: ${bigList.perSecond.toFixed(0)}/s, p99 ${bigList.p99} ms`);
        console.log(`the app's list at ${big.missions} missions: ${bigAppList.perSecond.toFixed(0)} lists/s, p99 ${bigAppList.p99} ms`);
      });
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
      `get_all_missions (${MISSIONS} missions)`,
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) })),
      1000,
    );
    const seededList = await scenario(`the app's list: get_mission_list (${MISSIONS} missions)`, url, CONNECTIONS, appList(1000), 1000);
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
    const seededToggle = await scenario(`toggle_mission_vote, ${MISSIONS} missions`, url, CONNECTIONS, toggles(1000), 1000);
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
    const versus = await runVersus(bench);
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
    const live = await runLive(bench);
    checks.push({
      name: `every live client received every round's last probe vote`,
      ok: live.delays.clientsWithLast === LIVE_CLIENTS && live.clients === LIVE_CLIENTS && live.probeVotes > 0 && live.delays.missing === 0,
      detail: `fewest in a round: ${live.delays.clientsWithLast}/${LIVE_CLIENTS} clients; ${live.probeVotes} probe votes; ${live.delays.missing} (vote, client) pairs missing${live.probeErrors[0] ? `; ${live.probeErrors[0]}` : ''}`,
    });

    await runNotifications(bench);
    const publication = await runProgrammePublish(bench);
    const closingPanel = await runClosing();
    await runMatchingScenario(bench);
    const questions = await runQuestionsScenario(bench, QUESTION_PEOPLE);

    // ---- scale: 2,000 missions, 50,000 votes ----
    const big = await growMissions(db);
    const bigList = await scenario(
      `get_all_missions (${big.missions} missions, ${big.votes} votes)`,
      url,
      CONNECTIONS,
      firstUsers(1000).map((n) => ({ path: rpc('get_all_missions'), body: '{}', token: token(n) })),
      1000,
    );
    const bigAppList = await scenario(`the app's list: get_mission_list (${big.missions} missions)`, url, CONNECTIONS, appList(1000), 1000);
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
    printReport(() => {
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
      const { backend } = bench;
      const target = backend === 'postgres' ? 3000 : 1000;
      const targetMet = hot.perSecond >= target && (backend === 'pglite' || hot.p99 < 50) && hot.errors === 0;
      console.log(
        `hot-mission target on ${backend}: ≥ ${target} votes/s${backend === 'postgres' ? ', p99 < 50 ms' : ''}, 0 errors → ${targetMet ? 'MET' : 'NOT MET'} (${hot.perSecond.toFixed(0)}/s, p99 ${hot.p99} ms, ${hot.errors} errors)`,
      );
      printVersusOrWhy(versus);
      console.log(`resident memory at the end of the spike: ${spikeRss} MiB (this process: the server, its database and the benchmark)`);
      console.log(`get_all_missions at ${big.missions} missions: ${bigList.perSecond.toFixed(0)}/s, p99 ${bigList.p99} ms`);
      console.log(`the app's list at ${big.missions} missions: ${bigAppList.perSecond.toFixed(0)} lists/s, p99 ${bigAppList.p99} ms`);
      // The app reads a list in two requests (the shared part and the person's marks): a list is two answers.
      console.log(
        `the app's list at ${MISSIONS} missions against the vote toggle: ${seededList.perSecond.toFixed(0)} lists/s / ${seededToggle.perSecond.toFixed(0)} toggles/s = ${((seededList.perSecond / seededToggle.perSecond) * 100).toFixed(0)} % (target ≥ 100 % at 150)`,
      );
      printLive(live);
      printClosingPanel(closingPanel);
      printProgrammePublish(publication);
      printQuestions(questions);
      console.log(
        `attendees export: ${exported.attendees} attendees, ${(exported.bytes / 2 ** 20).toFixed(1)} MiB in ${exported.seconds.toFixed(2)} s; ` +
          `peak memory of the server process ${exported.peakRssMiB.toFixed(0)} MiB resident (+${exported.rssGrowthMiB.toFixed(0)} MiB during the export), heap ${exported.peakHeapMiB.toFixed(0)} MiB`,
      );
    });
  } finally {
    await bench.stop();
  }
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

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
