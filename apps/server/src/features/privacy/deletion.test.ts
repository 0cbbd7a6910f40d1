import { expect, it } from 'vitest';
import { PRIVACY_MESSAGES, type EventOverview } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, uniqueEmail, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission, missionParams, signUpLeader } from '../../../test/factories.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { tracesOf } from '../../../test/traces.ts';

/*
 * Deleting one's own account (docs/product.md#deleting-an-account): nothing that names the person
 * is left in any table, found from the database's own catalogue so a table added later is covered.
 */

async function rpcOk<T>(promise: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await promise;
  expect(error).toBeNull();
  return data as T;
}

async function votesMatchRows(server: TestServer): Promise<void> {
  const wrong = await server.db.query(
    `select m.mission_id from missions m
      where m.vote_count <> (select count(*) from mission_votes v where v.mission_id = m.mission_id)
         or m.subscription_count <> (select count(*) from mission_subscriptions s where s.mission_id = m.mission_id)`,
  );
  expect(wrong).toEqual([]);
}

/** A person with one of (nearly) every kind of row, named so that any trace of them is found. */
async function busyPerson(server: TestServer): Promise<{ person: TestUser; names: string[]; others: { mission: string; coOwner: TestUser } }> {
  const first = `Xanthe${Date.now().toString(36)}`;
  const last = 'Quorringtonwy';
  const coOwner = await signUpLeader(server);
  const person = await signUpLeader(server, { email: uniqueEmail('xanthe'), firstName: first, lastName: last, mobile: '+27825550199' });
  await server.db.query('update users set post_survey_completed = true where id = $1', [person.user.id]);
  const own = await rpcOk(person.client.rpc('create_mission', { ...missionParams(person, { p_name: 'Mission Seven' }), p_member_ids: [coOwner.user.id] }));
  const ownId = own[0]?.mission_id ?? '';
  await server.db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [ownId, coOwner.user.id]);
  const other = await createMission(server, { p_name: 'Neighbours' });
  await rpcOk(person.client.rpc('toggle_mission_vote', { p_mission_id: other.mission.mission_id }));
  await rpcOk(person.client.rpc('toggle_mission_subscription', { p_mission_id: other.mission.mission_id }));
  await rpcOk(other.owner.client.rpc('add_mission_member', { p_mission_id: other.mission.mission_id, p_user_id: person.user.id }));
  await rpcOk(person.client.rpc('update_mission', { p_mission_id: ownId, p_updated_by: person.user.id, p_statement: 'Changed by the creator' }));
  await rpcOk(person.client.rpc('save_notification_settings', { p_email_digest: 'immediate', p_allow_team_additions: true }));
  await rpcOk(person.client.rpc('create_calendar_feed', {}));
  // A reset mail (the outbox keeps the recipient) and a failed sign-in (a rate-limit counter by address).
  await newClient(server.url).auth.resetPasswordForEmail(person.email);
  await newClient(server.url).auth.signInWithPassword({ email: person.email, password: 'wrong-password-1' });
  // An audit entry about them: an organiser granted and revoked their role.
  await server.db.query(
    `insert into audit_log (actor_id, actor_label, kind, subject, before, after)
     values ($1, $2, 'organiser.granted', $2, null, jsonb_build_object('email', $2::text, 'id', $3::text))`,
    [person.user.id, person.email, person.user.id],
  );
  return { person, names: [first, last], others: { mission: ownId, coOwner } };
}

describeEachDatabase('deleting my account', (server) => {
  it('refuses a wrong e-mail, bad input and a signed-out call, changing nothing', async () => {
    const person = await signUpUser(server());
    const other = await signUpUser(server());
    for (const typed of [other.email, '', 'x'.repeat(254), `${person.email}x`]) {
      const refused = await person.client.rpc('delete_my_account', { p_email: typed });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(PRIVACY_MESSAGES.emailMismatch);
    }
    const tooLong = await person.client.rpc('delete_my_account', { p_email: 'x'.repeat(10_000) });
    expect(tooLong.status).toBe(400);
    const withNul = await person.client.rpc('delete_my_account', { p_email: `${person.email}\u0000` });
    expect(withNul.status).toBe(400);
    const extra = await untyped(person.client).rpc('delete_my_account', { p_email: person.email, p_user_id: other.user.id });
    expect(extra.status).toBe(400);
    const signedOut = await newClient(server().url).rpc('delete_my_account', { p_email: person.email });
    expect(signedOut.status).toBe(401);
    const [left] = await server().db.query<{ n: number }>('select count(*)::int as n from users where id = any($1::uuid[])', [[person.user.id, other.user.id]]);
    expect(left?.n).toBe(2);
  });

  it('removes every trace of the person, keeps the counts right, signs them out, and lets them sign up again as someone new', async () => {
    const { person, names, others } = await busyPerson(server());
    const organiser = await signUpOrganiser(server());
    const before = await rpcOk<EventOverview>(organiser.client.rpc('get_event_overview', {}));
    const needles = [person.user.id, person.email, ...names];
    expect((await tracesOf(server().db, needles)).length).toBeGreaterThan(10);

    const answer = await rpcOk(person.client.rpc('delete_my_account', { p_email: `  ${person.email.toUpperCase()} ` }));
    expect(answer).toEqual({ mission_outcome: 'transferred' });

    expect(await tracesOf(server().db, needles)).toEqual([]);
    await votesMatchRows(server());
    const [mission] = await server().db.query<{ created_by: string; hidden: boolean }>(
      'select created_by, hidden_at is not null as hidden from missions where mission_id = $1',
      [others.mission],
    );
    expect(mission).toEqual({ created_by: others.coOwner.user.id, hidden: false });
    // Survey completion is kept only as a count; the person no longer counts as registered.
    const after = await rpcOk<EventOverview>(organiser.client.rpc('get_event_overview', {}));
    expect(after.figures.registered).toBe(before.figures.registered - 1);
    expect(after.figures.pre_survey_done).toBe(before.figures.pre_survey_done);
    expect(after.figures.post_survey_done).toBe(before.figures.post_survey_done);
    // Signed out: the refresh token no longer works. A second request finds nothing left.
    const { error: refreshError } = await person.client.auth.refreshSession();
    expect(refreshError).not.toBeNull();
    const again = await newClient(server().url).auth.signInWithPassword({ email: person.email, password: person.password });
    expect(again.error).not.toBeNull();
    const second = await untyped(newClient(server().url)).rpc('delete_my_account', { p_email: person.email });
    expect(second.status).toBe(401);

    // The same e-mail signs up as a new person, with nothing of the old one.
    const fresh = await signUpUser(server(), { email: person.email });
    expect(fresh.user.id).not.toBe(person.user.id);
    const mine = await rpcOk(fresh.client.rpc('get_user_related_missions', { p_user_id: fresh.user.id }));
    expect(mine).toEqual([]);
    const profile = await rpcOk(fresh.client.rpc('get_user_role_profile', { p_user_id: fresh.user.id }));
    expect(profile).toEqual([]);
  });

  it('answers that nothing is left to a second request with the old token, and to two requests at once', async () => {
    const person = await signUpUser(server());
    const [first, second] = await Promise.all([
      person.client.rpc('delete_my_account', { p_email: person.email }),
      person.client.rpc('delete_my_account', { p_email: person.email }),
    ]);
    const outcomes = [first, second].map((result) => result.error?.message ?? 'deleted').sort();
    expect(outcomes).toEqual(['deleted', PRIVACY_MESSAGES.nothingLeft].sort());
    const third = await person.client.rpc('delete_my_account', { p_email: person.email });
    expect(third.status).toBe(400);
    expect(third.error?.message).toBe(PRIVACY_MESSAGES.nothingLeft);
  });

  it('stays consistent when votes, follows and a team addition race the deletion', async () => {
    const owners = await Promise.all([createMission(server(), { p_name: 'Race A' }), createMission(server(), { p_name: 'Race B' })]);
    const bystander = await signUpLeader(server());
    const person = await signUpLeader(server(), { firstName: 'Racer', lastName: 'Zzyzx' });
    await rpcOk(person.client.rpc('toggle_mission_vote', { p_mission_id: owners[0].mission.mission_id }));
    const racing = [
      person.client.rpc('delete_my_account', { p_email: person.email }),
      person.client.rpc('toggle_mission_vote', { p_mission_id: owners[1].mission.mission_id }),
      person.client.rpc('toggle_mission_subscription', { p_mission_id: owners[0].mission.mission_id }),
      bystander.client.rpc('toggle_mission_vote', { p_mission_id: owners[1].mission.mission_id }),
      owners[0].owner.client.rpc('add_mission_member', { p_mission_id: owners[0].mission.mission_id, p_user_id: person.user.id }),
    ] as const;
    const results = await Promise.all(racing);
    expect(results[0].error).toBeNull();
    // Whatever the order, nobody else's call failed, and no call failed with a server error.
    expect(results[3].error).toBeNull();
    for (const result of results) expect(result.status).toBeLessThan(500);
    expect(await tracesOf(server().db, [person.user.id, person.email, 'Zzyzx'])).toEqual([]);
    await votesMatchRows(server());
    const [count] = await server().db.query<{ vote_count: number }>('select vote_count from missions where mission_id = $1', [owners[1].mission.mission_id]);
    expect(count?.vote_count).toBe(1);
  });

  it('hides a mission its only owner leaves behind, with a note its team reads', async () => {
    const member = await signUpLeader(server());
    const { owner, mission } = await createMission(server(), { p_name: 'Left Behind', p_member_ids: [member.user.id] });
    expect(await rpcOk(owner.client.rpc('delete_my_account', { p_email: owner.email }))).toEqual({ mission_outcome: 'hidden' });
    const seen = await rpcOk(member.client.rpc('get_mission_details', { p_mission_id: mission.mission_id }));
    expect(JSON.stringify(seen)).toContain('deleted their account');
    const outsider = await signUpUser(server());
    const list = await rpcOk(outsider.client.rpc('get_all_missions', {}));
    expect(list.some((row) => row.mission_id === mission.mission_id)).toBe(false);
  });

  it("takes the person out of the texts of the mission they leave behind, as out of an organiser's reason", async () => {
    const [first, last] = [`Yolisa${Date.now().toString(36)}`, 'Mbekwaneni'];
    const coOwner = await signUpLeader(server());
    const person = await signUpLeader(server(), { firstName: first, lastName: last });
    const made = await rpcOk(
      person.client.rpc('create_mission', {
        ...missionParams(person, { p_name: `Mission of ${first} ${last}`, p_statement: `${first.toUpperCase()} started this; ask ${person.email}` }),
        p_member_ids: [coOwner.user.id],
      }),
    );
    const missionId = made[0]?.mission_id ?? '';
    await server().db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [missionId, coOwner.user.id]);
    expect(await rpcOk(person.client.rpc('delete_my_account', { p_email: person.email }))).toEqual({ mission_outcome: 'transferred' });

    const { mission: kept } = await rpcOk(coOwner.client.rpc('get_mission_details', { p_mission_id: missionId }));
    expect(kept).toMatchObject({ name: 'Mission of deleted account deleted account', statement: 'deleted account started this; ask deleted account' });
    // The rest of the mission is as it was.
    expect(kept).toMatchObject({ shared_intention: 'Bring clean water to every home', first_team_action: 'Map the wells' });
    const traces = await server().db.query('select mission_id from missions where name ilike $1 or statement ilike $1', [`%${first}%`]);
    expect(traces).toEqual([]);
  });
});
