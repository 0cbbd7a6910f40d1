import { expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { PRIVACY_AUDIT_KINDS, PRIVACY_MESSAGES, dataExportPath } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { enrolAuthenticator } from '../../../test/mfa.ts';

/*
 * "Download my data" (docs/product.md#downloading-my-data): complete by the database's own
 * catalogue, for its owner only, for 24 hours, audited.
 */

interface Download {
  account: Record<string, unknown>;
  rows_by_table: Record<string, Record<string, unknown[]>>;
  audit_log: { kind: string }[];
}

async function fetchExport(server: TestServer, id: string, user?: TestUser): Promise<Response> {
  const token = user ? (await user.client.auth.getSession()).data.session?.access_token : undefined;
  return fetch(server.url + dataExportPath(id), token ? { headers: { authorization: `Bearer ${token}` } } : {});
}

async function prepare(user: TestUser): Promise<string> {
  const { data, error } = await user.client.rpc('request_my_data_export', {});
  expect(error).toBeNull();
  expect(data?.bytes).toBeGreaterThan(100);
  return data?.export_id ?? '';
}

/** Someone with a row in (nearly) every table that refers to people. */
async function personWithEverything(server: TestServer): Promise<TestUser> {
  const person = await signUpLeader(server, { firstName: 'Everything', lastName: 'Everywhere' });
  const { mission } = await createMission(server, { p_name: 'Their Neighbours' });
  const own = await person.client.rpc('create_mission', {
    p_creator_id: person.user.id,
    p_name: 'Everything Mission',
    p_shared_intention: 'i',
    p_objective_or_focus: 'Life & Well-being',
    p_statement: 's',
    p_core_message: 'c',
    p_problem_being_solved: 'p',
    p_first_team_action: 'f',
    p_member_ids: [],
  });
  expect(own.error).toBeNull();
  await person.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
  await person.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id });
  await person.client.rpc('save_notification_settings', { p_email_digest: 'daily', p_allow_team_additions: true });
  await person.client.rpc('create_calendar_feed', {});
  await person.client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
  await newClient(server.url).auth.resetPasswordForEmail(person.email);
  // An organiser who hid a mission, and whose team changed (events and notifications about them).
  await server.db.query(`insert into organisers (user_id, granted_by) values ($1, 'test')`, [person.user.id]);
  await server.db.query(`update missions set hidden_at = now(), hidden_reason = 'r', hidden_by = $1 where mission_id = $2`, [
    person.user.id,
    mission.mission_id,
  ]);
  const other = await signUpLeader(server);
  const ownId = own.data?.[0]?.mission_id ?? '';
  await person.client.rpc('add_mission_member', { p_mission_id: ownId, p_user_id: other.user.id });
  await other.client.rpc('remove_mission_member', { p_mission_id: ownId, p_user_id: other.user.id, p_removed_by: other.user.id });
  await server.db.query(`select record_mission_event('member_added', $1, $2, $3, '{}'::jsonb)`, [mission.mission_id, other.user.id, person.user.id]);
  // A part they host, a question they asked, and their upvote of someone else's.
  await server.db.query(`insert into part_hosts (part_id, user_id, added_by) values ('s1p2', $1, 'test')`, [person.user.id]);
  await server.db.query(`insert into questions (part_id, asked_by, body) values ('s1p2', $1, 'Their question?')`, [person.user.id]);
  const [othersQuestion] = await server.db.query<{ question_id: string }>(
    `insert into questions (part_id, asked_by, body) values ('s1p2', $1, 'Someone else’s question?') returning question_id`,
    [other.user.id],
  );
  await server.db.query('insert into question_votes (question_id, user_id) values ($1, $2)', [othersQuestion?.question_id, person.user.id]);
  // A voting round they created and voted in, a request to join a role and an invitation they sent.
  const [round] = await server.db.query<{ round_id: string }>(
    `insert into vote_rounds (name, state, votes_per_person, all_missions, opened_at, created_by)
     values ('Closing panel', 'open', 1, true, now(), $1) returning round_id`,
    [person.user.id],
  );
  await server.db.query(`insert into round_votes (round_id, mission_id, user_id, slot, receipt) values ($1, $2, $3, 1, md5(random()::text))`, [
    round?.round_id,
    mission.mission_id,
    person.user.id,
  ]);
  const roles = await server.db.query<{ role_id: string; mission_id: string }>(
    `insert into mission_roles (mission_id, title, places) values ($1, 'Facilitator', 2), ($2, 'Scribe', 1) returning role_id, mission_id`,
    [mission.mission_id, ownId],
  );
  const roleOf = (missionId: string) => roles.find((role) => role.mission_id === missionId)?.role_id;
  await server.db.query(
    `insert into team_requests (kind, role_id, mission_id, user_id, invited_by) values ('ask', $1, $2, $3, null), ('invite', $4, $5, $6, $3)`,
    [roleOf(mission.mission_id), mission.mission_id, person.user.id, roleOf(ownId), ownId, other.user.id],
  );
  // An update they posted (and, as an organiser, hid) with a photo they uploaded.
  const [update] = await server.db.query<{ update_id: string }>(
    `insert into mission_updates (mission_id, author_id, title, body, hidden_at, hidden_reason, hidden_by)
     values ($1, $2, 'Week one', 'We met', now(), 'r', $2) returning update_id`,
    [ownId, person.user.id],
  );
  await server.db.query(
    `insert into update_photos (uploaded_by, update_id, content_type, bytes, width, height) values ($1, $2, 'image/jpeg', '\\xffd8ff', 1, 1)`,
    [person.user.id, update?.update_id],
  );
  // A mission they started from their question, and a check-in they answered and then switched off
  // (docs/product.md#missions-from-questions, #check-ins).
  await server.db.query(
    `insert into question_missions (mission_id, question_id, part_id, started_by)
     select $1, question_id, part_id, $2 from questions where asked_by = $2 limit 1`,
    [ownId, person.user.id],
  );
  await server.db.query(
    `insert into mission_checkins (mission_id, day, sent_at, answered_at, answered_by, happened, team_together, status)
     values ($1, 30, now(), now(), $2, 'We met the councillor', true, 'active')`,
    [ownId, person.user.id],
  );
  await server.db.query(`insert into mission_checkins_off (mission_id, switched_by) values ($1, $2)`, [ownId, person.user.id]);
  // A reminder of a starred part that went out to them.
  await server.db.query(`insert into agenda_reminders (user_id, part_id, starts_at) values ($1, 's1p1', now())`, [person.user.id]);
  // Door staff who checked themselves in with their badge (docs/product.md#check-in-at-the-door).
  await server.db.query(`insert into door_staff (user_id, granted_by) values ($1, 'test')`, [person.user.id]);
  await person.client.rpc('my_badge', {});
  await server.db.query(
    `insert into checkin_scans (client_scan_id, user_id, badge_id, door, scanned_at) select gen_random_uuid(), user_id, badge_id, 'Main door', now() from badges where user_id = $1`,
    [person.user.id],
  );
  await server.db.query(
    `insert into checkins (user_id, badge_id, door, checked_in_at, client_scan_id, recorded_by)
     select user_id, badge_id, door, scanned_at, client_scan_id, user_id from checkin_scans where user_id = $1`,
    [person.user.id],
  );
  // A poll they ran as a host and answered, and their feedback on a part (docs/product.md#polls, #feedback).
  await server.db.query(
    `with poll as (insert into polls (part_id, kind, question, options, state, created_by) values ('s1p2', 'single', 'Which?', array['A', 'B'], 'open', $1) returning poll_id)
     insert into poll_answers (poll_id, user_id, choices) select poll_id, $1, array[0]::smallint[] from poll`,
    [person.user.id],
  );
  await server.db.query(`insert into part_feedback (part_id, user_id, rating, comment) values ('s1p2', $1, 4, 'Good')`, [person.user.id]);
  await enrolAuthenticator(person.client);
  const codes = await person.client.rpc('mfa_create_recovery_codes', {});
  expect(codes.error).toBeNull();
  return person;
}

describeEachDatabase('downloading my data', (server) => {
  it('holds every row of every table that refers to the person, found from the catalogue, without secrets', async () => {
    const person = await personWithEverything(server());
    const id = await prepare(person);
    const response = await fetchExport(server(), id, person);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'my-data.json']);
    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('24 hours');
    const text = strFromU8(files['my-data.json'] ?? new Uint8Array());
    const data = JSON.parse(text) as Download;
    expect(data.account).toMatchObject({ id: person.user.id, email: person.email, first_name: 'Everything', last_name: 'Everywhere' });

    // The catalogue, read here independently: every column with a foreign key to users.
    const references = await server().db.query<{ table_name: string; column_name: string }>(
      `select kcu.table_name, kcu.column_name
         from information_schema.referential_constraints rc
         join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
         join information_schema.constraint_column_usage target on target.constraint_name = rc.unique_constraint_name
                                                                and target.constraint_schema = rc.unique_constraint_schema
        where rc.constraint_schema = current_schema() and target.table_name = 'users'`,
    );
    expect(references.length).toBeGreaterThan(15);
    const empty: string[] = [];
    for (const { table_name: table, column_name: column } of references) {
      if (table === 'data_exports') continue;
      // The check-ins door staff recorded are the checked-in people's data, not theirs.
      if (table === 'checkins' && column === 'recorded_by') {
        expect(data.rows_by_table.checkins?.recorded_by).toBeUndefined();
        continue;
      }
      const [count] = await server().db.query<{ n: number }>(`select count(*)::int as n from "${table}" where "${column}" = $1`, [person.user.id]);
      expect(data.rows_by_table[table]?.[column]?.length, `${table}.${column}`).toBe(count?.n);
      if (!count?.n) empty.push(`${table}.${column}`);
    }
    // The fixture makes a row of every kind: a table added later without one shows up here.
    expect(empty).toEqual([]);

    const secrets = await server().db.query<{ value: string }>(
      `select password_hash as value from users where id = $1
       union all select secret_ciphertext from mfa_factors where user_id = $1
       union all select code_hash from mfa_recovery_codes where user_id = $1`,
      [person.user.id],
    );
    expect(secrets.length).toBeGreaterThan(2);
    for (const { value } of secrets) expect(text).not.toContain(value);
    expect(text).not.toContain(person.password);
    const kinds = (await server().db.query<{ kind: string }>('select kind from audit_log where actor_id = $1', [person.user.id])).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining([PRIVACY_AUDIT_KINDS.dataExportRequested, PRIVACY_AUDIT_KINDS.dataExportDownloaded]));
  });

  it('is for its owner only and for 24 hours: anyone else, a made-up id and an expired one get the same 404', async () => {
    const person = await signUpUser(server());
    const stranger = await signUpUser(server());
    const id = await prepare(person);
    const signedOut = await fetchExport(server(), id);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ message: PRIVACY_MESSAGES.signedOutDownload });
    for (const [who, address] of [
      [stranger, id],
      [person, '00000000-0000-4000-8000-000000000000'],
      [person, 'not-an-id'],
      [person, `${id}%00`],
    ] as const) {
      const refused = await fetchExport(server(), address, who);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ message: PRIVACY_MESSAGES.exportNotFound });
    }
    const [expiry] = await server().db.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from data_exports where id = $1`,
      [id],
    );
    expect(expiry?.hours).toBe(24);
    await server().db.query(`update data_exports set expires_at = now() - interval '1 second' where id = $1`, [id]);
    expect((await fetchExport(server(), id, person)).status).toBe(404);
    // A new request replaces the old download.
    const second = await prepare(person);
    expect((await fetchExport(server(), second, person)).status).toBe(200);
    const [left] = await server().db.query<{ n: number }>('select count(*)::int as n from data_exports where user_id = $1', [person.user.id]);
    expect(left?.n).toBe(1);
  });

  it('keeps one download when two requests race, and none when the account is deleted meanwhile', async () => {
    const person = await signUpLeader(server());
    const answers = await Promise.all([0, 1, 2].map(() => person.client.rpc('request_my_data_export', {})));
    for (const answer of answers) expect(answer.error).toBeNull();
    const [kept] = await server().db.query<{ n: number }>('select count(*)::int as n from data_exports where user_id = $1', [person.user.id]);
    expect(kept?.n).toBe(1);

    const leaving = await signUpLeader(server());
    const [exported, deleted] = await Promise.all([
      leaving.client.rpc('request_my_data_export', {}),
      leaving.client.rpc('delete_my_account', { p_email: leaving.email }),
    ]);
    expect(deleted.error).toBeNull();
    // The download was either saved before the deletion (and went with it) or refused after it.
    if (exported.error) expect(exported.error.message).toBe(PRIVACY_MESSAGES.nothingLeft);
    const [left] = await server().db.query<{ n: number }>('select count(*)::int as n from data_exports where user_id = $1', [leaving.user.id]);
    expect(left?.n).toBe(0);
    const again = await leaving.client.rpc('request_my_data_export', {});
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe(PRIVACY_MESSAGES.nothingLeft);
  });
});
