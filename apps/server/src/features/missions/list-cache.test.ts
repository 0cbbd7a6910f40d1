import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, signUpUser, startTwoInstances, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission } from '../../../test/factories.ts';
import { personalMissionList, type MissionList } from '@mc/contract';
import { listMissionsDirect } from './queries.ts';

/*
 * get_all_missions and get_mission_list answer from a cache (list-cache.ts). These tests hold their
 * bytes to the plain query's (listMissionsDirect, the list's definition), for several callers,
 * compressed and not, after every kind of write that changes what the list shows; and the shared
 * list with each caller's marks to the caller's whole list.
 */

interface RawAnswer {
  status: number;
  encoding: string | undefined;
  vary: string | undefined;
  /** The body as the caller reads it, gunzipped when it came gzipped. */
  body: string;
}

/** One call of a list procedure as bytes, with the given Accept-Encoding (none when undefined). */
function rawList(
  server: TestServer,
  user: TestUser,
  acceptEncoding: string | undefined,
  procedure: 'get_all_missions' | 'get_mission_list' = 'get_all_missions',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(`${server.url}/rest/v1/rpc/${procedure}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: 'test',
        authorization: `Bearer ${user.session.access_token}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
    call.once('error', reject);
    call.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        resolve({
          status: response.statusCode ?? 0,
          encoding,
          vary: response.headers.vary,
          body: (encoding === 'gzip' ? gunzipSync(wire) : wire).toString('utf8'),
        });
      });
    });
    call.end('{}');
  });
}

/** The answer, gzipped and not, is byte for byte `expected`, compressed exactly when @fastify/compress would. */
async function expectAnswer(server: TestServer, caller: TestUser, procedure: 'get_all_missions', expected: string): Promise<void> {
  const large = Buffer.byteLength(expected) >= 4096;
  for (const acceptEncoding of ['gzip, deflate, br, zstd', undefined, 'gzip;q=0, identity']) {
    const answer = await rawList(server, caller, acceptEncoding, procedure);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(expected);
    const gzipped = large && acceptEncoding?.startsWith('gzip,') === true;
    expect(answer.encoding).toBe(gzipped ? 'gzip' : undefined);
    expect(answer.vary).toBe(gzipped ? 'accept-encoding' : undefined);
  }
}

/**
 * get_mission_list's answer, gzipped and not: its shared part byte for byte `shared`, compressed
 * exactly when @fastify/compress would; the same JSON either way. Answers the list as read.
 */
async function expectMissionList(server: TestServer, caller: TestUser, shared: string): Promise<MissionList> {
  const bodies: string[] = [];
  for (const acceptEncoding of ['gzip, deflate, br, zstd', undefined]) {
    const answer = await rawList(server, caller, acceptEncoding, 'get_mission_list');
    expect(answer.status).toBe(200);
    expect(answer.body.startsWith(`{"missions":${shared},"marks":{`)).toBe(true);
    const gzipped = Buffer.byteLength(answer.body) >= 4096 && acceptEncoding !== undefined;
    expect(answer.encoding).toBe(gzipped ? 'gzip' : undefined);
    expect(answer.vary).toBe(gzipped ? 'accept-encoding' : undefined);
    bodies.push(answer.body);
  }
  expect(bodies[0]).toBe(bodies[1]);
  return JSON.parse(bodies[0]!) as MissionList;
}

/**
 * Every caller's get_all_missions is byte for byte the plain query's at that moment; the shared
 * part of get_mission_list is the plain query's for a newcomer (no votes, follows or team), for
 * every caller; and with the caller's marks, put together as the app does, it is their whole list.
 */
async function expectSameAsPlainQuery(server: TestServer, callers: TestUser[], newcomer: TestUser): Promise<void> {
  const shared = (await listMissionsDirect(server.db, newcomer.user.id)).text;
  for (const caller of callers) {
    const expected = (await listMissionsDirect(server.db, caller.user.id)).text;
    await expectAnswer(server, caller, 'get_all_missions', expected);
    expect(personalMissionList(await expectMissionList(server, caller, shared))).toEqual(JSON.parse(expected));
  }
}

/** `count` more missions straight in SQL, each by a new creator, with names that need escaping and some beyond ASCII. */
async function addMissions(server: TestServer, count: number, tag: string): Promise<void> {
  await server.db.query(
    `with creators as (
       insert into users (id, email, password_hash, first_name, last_name, mobile)
       select gen_random_uuid(), $1 || n || '@example.org', 'x', 'Zoë ' || n, 'O''Brien "Quoted" \\ ' || n, '+27820000000'
         from generate_series(1, $2::int) n
       returning id, first_name
     )
     insert into missions (name, shared_intention, objective_or_focus, statement, core_message, problem_being_solved, first_team_action, created_by)
     select 'Mission ' || first_name || ' ☕ 水', 'Intention', 'Life & Well-being', repeat('Statement ', 40), E'Line one\\nLine two', 'Problem', 'Act', id
       from creators`,
    [`list.${tag}.`, count],
  );
}

describeEachDatabase('get_all_missions and the shared list from their cache: the same bytes as the plain query', (server) => {
  let viewer: TestUser;
  let teamMate: TestUser;
  let organiser: TestUser;
  let owner: TestUser;
  let missionId: string;
  let callers: TestUser[];
  /** Never votes, follows or joins: the shared list is what they see. */
  let newcomer: TestUser;

  beforeAll(async () => {
    newcomer = await signUpUser(server());
    viewer = await signUpUser(server());
    teamMate = await signUpUser(server());
    organiser = await signUpUser(server());
    await server().db.query(`insert into organisers (user_id, granted_by) values ($1, 'test')`, [organiser.user.id]);
    const created = await createMission(server(), { p_member_ids: [teamMate.user.id] });
    owner = created.owner;
    missionId = created.mission.mission_id;
    callers = [viewer, teamMate, organiser, owner];
  });

  it('answers a short list as it is and a long one gzipped, equal either way, for every caller', async () => {
    await expectSameAsPlainQuery(server(), callers, newcomer);
    // More missions than a call compresses in the thread pool: the first gzipped answer makes them one by one.
    await addMissions(server(), 80, 'a');
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it("follows each caller's own votes and follows, and everyone's counts", async () => {
    const listed = JSON.parse((await listMissionsDirect(server().db, viewer.user.id)).text) as { mission_id: string }[];
    for (const row of listed.slice(0, 5)) expect((await viewer.client.rpc('toggle_mission_vote', { p_mission_id: row.mission_id })).error).toBeNull();
    for (const row of listed.slice(3, 7)) {
      expect((await teamMate.client.rpc('toggle_mission_subscription', { p_mission_id: row.mission_id })).error).toBeNull();
    }
    await expectSameAsPlainQuery(server(), callers, newcomer);
    // Unvote one again: the count goes back and the flag with it.
    expect((await viewer.client.rpc('toggle_mission_vote', { p_mission_id: listed[0]!.mission_id })).error).toBeNull();
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it('gives callers whose calls are read together each their own marks, at the same moment as the shared part', async () => {
    const listed = JSON.parse((await listMissionsDirect(server().db, viewer.user.id)).text) as { mission_id: string }[];
    for (const row of listed.slice(8, 11)) expect((await owner.client.rpc('toggle_mission_vote', { p_mission_id: row.mission_id })).error).toBeNull();
    const shared = (await listMissionsDirect(server().db, newcomer.user.id)).text;
    // Every caller three times at once: the calls arrive in one turn and go as one batch.
    const everyone = [...callers, ...callers, ...callers];
    const answers = await Promise.all(everyone.map((caller) => rawList(server(), caller, 'gzip', 'get_mission_list')));
    for (const [index, caller] of everyone.entries()) {
      const answer = answers[index]!;
      expect(answer.body.startsWith(`{"missions":${shared},"marks":{`)).toBe(true);
      const expected = JSON.parse((await listMissionsDirect(server().db, caller.user.id)).text) as unknown;
      expect(personalMissionList(JSON.parse(answer.body) as MissionList)).toEqual(expected);
    }
  });

  it('follows edits, team changes, renamed creators, new and deleted missions', async () => {
    await server().db.query(`update missions set name = 'Renamed ✓', updated_at = now() where mission_id = $1`, [missionId]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`update missions set statement = 'Only the statement' where mission_id = $1`, [missionId]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`delete from mission_members where mission_id = $1 and user_id = $2`, [missionId, teamMate.user.id]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', false)`, [
      missionId,
      teamMate.user.id,
    ]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`update users set first_name = 'Änne', last_name = 'New' where id = $1`, [owner.user.id]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await addMissions(server(), 3, 'b');
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`delete from missions where created_by in (select id from users where email like 'list.b.%')`);
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it('gives a mission a new revision when any column but its counts changes, a column added later too', async () => {
    const revision = async () =>
      String((await server().db.query<{ list_rev: string }>('select list_rev::text from missions where mission_id = $1', [missionId]))[0]?.list_rev);
    const first = await revision();
    await server().db.query('update missions set vote_count = vote_count + 1, subscription_count = subscription_count + 1 where mission_id = $1', [missionId]);
    expect(await revision()).toBe(first);
    await server().db.query(`update missions set first_team_action = 'Meet at the courtyard' where mission_id = $1`, [missionId]);
    const edited = await revision();
    expect(edited).not.toBe(first);
    // A column a later migration might add for the list: covered without touching the trigger.
    await server().db.exec('alter table missions add column shown_later text');
    try {
      await server().db.query(`update missions set shown_later = 'new' where mission_id = $1`, [missionId]);
      expect(await revision()).not.toBe(edited);
    } finally {
      await server().db.exec('alter table missions drop column shown_later');
    }
    await server().db.query('update missions set vote_count = vote_count - 1, subscription_count = subscription_count - 1 where mission_id = $1', [missionId]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it('leaves a hidden mission out at once for everyone but its team and the organisers, and brings it back', async () => {
    const hiddenFor = async (caller: TestUser) =>
      !(JSON.parse((await rawList(server(), caller, 'gzip')).body) as { mission_id: string }[]).some((row) => row.mission_id === missionId);
    expect(await hiddenFor(viewer)).toBe(false);

    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'Spam' where mission_id = $1`, [missionId]);
    expect(await hiddenFor(viewer)).toBe(true);
    expect(await hiddenFor(teamMate)).toBe(false);
    expect(await hiddenFor(owner)).toBe(false);
    expect(await hiddenFor(organiser)).toBe(false);
    await expectSameAsPlainQuery(server(), callers, newcomer);

    // Off the team: hidden for them too, on the next call.
    await server().db.query(`delete from mission_members where mission_id = $1 and user_id = $2`, [missionId, teamMate.user.id]);
    expect(await hiddenFor(teamMate)).toBe(true);
    await expectSameAsPlainQuery(server(), callers, newcomer);

    await server().db.query(`update missions set hidden_at = null, hidden_reason = null where mission_id = $1`, [missionId]);
    expect(await hiddenFor(viewer)).toBe(false);
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it('patches each caller in where their missions sit: first, last, side by side, across the shared pieces, hidden ones in between', async () => {
    const listed = JSON.parse((await listMissionsDirect(server().db, organiser.user.id)).text) as { mission_id: string }[];
    const at = (n: number) => listed.at(n)!.mission_id;
    // Votes and follows first (a hidden mission takes neither), then the newest, the oldest and some in
    // the middle hidden (near where the shared pieces of 16 meet): the organiser still sees them with
    // their flags, the viewer does not.
    for (const n of [0, 1, 2, 9, 11, 14, 15, 16, 17, 30, 31, 32, 33, 34, -2, -1])
      expect((await organiser.client.rpc('toggle_mission_vote', { p_mission_id: at(n) })).error).toBeNull();
    for (const n of [1, 9, 10, 12, 16, 18, 31, 35, -1])
      expect((await viewer.client.rpc('toggle_mission_subscription', { p_mission_id: at(n) })).error).toBeNull();
    const hiddenIds = [at(0), at(-1), at(10), at(17), at(33)];
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'Check' where mission_id = any($1::uuid[])`, [hiddenIds]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
    // The counts move for everyone: the shared pieces follow, the patches too.
    for (const n of [2, 3, -2]) expect((await teamMate.client.rpc('toggle_mission_vote', { p_mission_id: at(n) })).error).toBeNull();
    await expectSameAsPlainQuery(server(), callers, newcomer);
    await server().db.query(`update missions set hidden_at = null, hidden_reason = null where mission_id = any($1::uuid[])`, [hiddenIds]);
    await expectSameAsPlainQuery(server(), callers, newcomer);
  });

  it('answers an empty list as the plain query does', async () => {
    await server().db.query('delete from missions');
    await expectSameAsPlainQuery(server(), callers, newcomer);
    expect((await rawList(server(), viewer, 'gzip')).body).toBe('[]');
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('get_all_missions from two instances on one PostgreSQL [postgres]', () => {
  let a: TestServer;
  let b: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances());
  });

  afterAll(async () => {
    await close?.();
  });

  it("answers on B what A's writes left, on the very next call, with nothing sent between them", async () => {
    expect(b.db.kind).toBe('postgres');
    const viewer = await signUpUser(b);
    const newcomer = await signUpUser(b);
    const { mission } = await createMission(a);
    await addMissions(a, 20, 'two');
    await expectSameAsPlainQuery(b, [viewer], newcomer);

    await a.db.query(`update missions set hidden_at = now(), hidden_reason = 'Spam' where mission_id = $1`, [mission.mission_id]);
    const listed = JSON.parse((await rawList(b, viewer, 'gzip')).body) as { mission_id: string }[];
    expect(listed.some((row) => row.mission_id === mission.mission_id)).toBe(false);
    await expectSameAsPlainQuery(b, [viewer], newcomer);

    await a.db.query(`update missions set name = 'Edited on A' where mission_id = $1`, [listed[0]?.mission_id]);
    const voter = await signUpUser(a);
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: listed[1]?.mission_id ?? '' })).error).toBeNull();
    await expectSameAsPlainQuery(b, [viewer], newcomer);
  });
});
