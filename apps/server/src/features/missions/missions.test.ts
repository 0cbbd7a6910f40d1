import { expect, it } from 'vitest';
import { MISSION_MESSAGES, OBJECTIVES, requiredFieldsMessage, type Mission, type MissionDetails } from '@mc/contract';
import { createMission, makeLeader, missionParams, UNKNOWN_ID } from '../../../test/factories.ts';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { toggleMissionSubscription, toggleMissionVote } from './toggles.ts';

async function details(user: TestUser, missionId: string): Promise<MissionDetails> {
  const { data, error } = await user.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: user.user.id });
  expect(error).toBeNull();
  return data!;
}

async function rowCount(server: TestServer, table: 'mission_votes' | 'mission_subscriptions', missionId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from ${table} where mission_id = $1`, [missionId]);
  return row!.n;
}

describeEachDatabase('missions: create_mission', (server) => {
  it('creates the mission trimmed, with the creator as owner, and answers it in the Mission shape', async () => {
    const owner = await signUpUser(server(), { firstName: 'Grace', lastName: 'Hopper' });
    await makeLeader(server(), owner);
    const { data, error } = await owner.client.rpc(
      'create_mission',
      missionParams(owner, { p_name: '  Clean Water  ', p_objective_or_focus: ' Life & Well-being ' }),
    );
    expect(error).toBeNull();
    expect(Array.isArray(data)).toBe(true);
    const [mission] = data!;
    expect(mission).toMatchObject({
      name: 'Clean Water',
      objective_or_focus: 'Life & Well-being',
      shared_intention: 'Bring clean water to every home',
      statement: 'We build filters together',
      core_message: 'Water is life',
      problem_being_solved: 'Unsafe drinking water',
      first_team_action: 'Map the wells',
      created_by: owner.user.id,
      created_by_name: 'Grace Hopper',
      vote_count: 0,
      subscription_count: 0,
      is_voted: false,
      is_subscribed: false,
      team_count: 1,
    });
    expect(mission!.mission_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(mission!.created_at).getTime()).not.toBeNaN();
    expect(typeof mission!.updated_at).toBe('string');

    const read = await details(owner, mission!.mission_id);
    expect(read.members).toHaveLength(1);
    expect(read.members[0]).toMatchObject({
      user_id: owner.user.id,
      role_in_team: 'owner',
      is_co_owner: true,
      first_name: 'Grace',
      email: owner.email.toLowerCase(),
    });
  });

  it('refuses a second mission by the same creator, also when both are sent at once', async () => {
    const owner = await signUpUser(server());
    await makeLeader(server(), owner);
    const attempts = await Promise.all([0, 1, 2].map(() => owner.client.rpc('create_mission', missionParams(owner))));
    expect(attempts.filter((attempt) => attempt.error === null)).toHaveLength(1);
    for (const failed of attempts.filter((attempt) => attempt.error !== null)) {
      expect(failed.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.alreadyCreated });
    }
    const again = await owner.client.rpc('create_mission', missionParams(owner, { p_name: 'Another one' }));
    expect(again.error).toMatchObject({ code: 'P0001', message: 'You have already created a mission. You can update it from your dashboard.' });
    const [count] = await server().db.query<{ n: number }>('select count(*)::int as n from missions where created_by = $1', [owner.user.id]);
    expect(count!.n).toBe(1);
  });

  it('needs the caller as p_creator_id', async () => {
    const owner = await signUpUser(server());
    const other = await signUpUser(server());
    await makeLeader(server(), owner);
    const { error, status } = await owner.client.rpc('create_mission', missionParams(owner, { p_creator_id: other.user.id }));
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
  });

  it('needs a completed pre-conference survey, then a role profile', async () => {
    const user = await signUpUser(server());
    const first = await user.client.rpc('create_mission', missionParams(user));
    expect(first.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.surveyFirst });
    await server().db.query('update users set pre_survey_completed = true where id = $1', [user.user.id]);
    const second = await user.client.rpc('create_mission', missionParams(user));
    expect(second.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.profileFirst });
  });

  it('names every missing field after trimming, in the documented order, in one message', async () => {
    const owner = await signUpUser(server());
    await makeLeader(server(), owner);
    const all = await owner.client.rpc('create_mission', {
      p_creator_id: owner.user.id,
      p_name: '   ',
      p_shared_intention: '',
      p_objective_or_focus: '',
      p_statement: ' \n ',
      p_core_message: '',
      p_problem_being_solved: '\t',
      p_first_team_action: '',
    });
    expect(all.error).toMatchObject({
      code: 'P0001',
      message:
        'Please fill in all required fields: Mission name, Shared intention, Objective or focus, Statement, Core message, Problem being solved, First team action',
    });
    const some = await owner.client.rpc('create_mission', missionParams(owner, { p_statement: ' ', p_first_team_action: undefined }));
    expect(some.error?.message).toBe(requiredFieldsMessage(['Statement', 'First team action']));
  });

  it('allows only the seven objectives and at most 1000 characters in the long fields (after trimming)', async () => {
    const owner = await signUpUser(server());
    await makeLeader(server(), owner);
    const badObjective = await owner.client.rpc('create_mission', missionParams(owner, { p_objective_or_focus: 'World domination' }));
    expect(badObjective.status).toBe(400);
    expect(badObjective.error?.message).toContain('p_objective_or_focus');
    for (const field of ['p_shared_intention', 'p_statement', 'p_problem_being_solved']) {
      const tooLong = await owner.client.rpc('create_mission', missionParams(owner, { [field]: 'x'.repeat(1001) }));
      expect(tooLong.status).toBe(400);
      expect(tooLong.error?.message).toContain(field);
    }
    const exact = await owner.client.rpc(
      'create_mission',
      missionParams(owner, { p_statement: `  ${'y'.repeat(1000)}  `, p_objective_or_focus: OBJECTIVES[6] }),
    );
    expect(exact.error).toBeNull();
    expect(exact.data![0]!.statement).toBe('y'.repeat(1000));
  });

  it('adds p_member_ids as members, and refuses unknown ids without creating anything', async () => {
    const owner = await signUpUser(server());
    const friend = await signUpUser(server(), { firstName: 'Friend' });
    await makeLeader(server(), owner);
    const refused = await owner.client.rpc('create_mission', missionParams(owner, { p_member_ids: [friend.user.id, UNKNOWN_ID] }));
    expect(refused.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.unknownMembers + UNKNOWN_ID });
    const [none] = await server().db.query<{ n: number }>('select count(*)::int as n from missions where created_by = $1', [owner.user.id]);
    expect(none!.n).toBe(0);

    const created = await owner.client.rpc('create_mission', missionParams(owner, { p_member_ids: [friend.user.id, friend.user.id, owner.user.id] }));
    expect(created.error).toBeNull();
    const mission = created.data![0]!;
    expect(mission.team_count).toBe(2);
    const read = await details(owner, mission.mission_id);
    expect(read.members.map((member) => [member.user_id, member.role_in_team, member.is_co_owner])).toEqual([
      [owner.user.id, 'owner', true],
      [friend.user.id, 'member', false],
    ]);
    const related = await friend.client.rpc('get_user_related_missions', { p_user_id: null });
    expect(related.data!.map((row) => row.mission_id)).toEqual([mission.mission_id]);
  });
});

describeEachDatabase('missions: update_mission', (server) => {
  it('lets the owner change some fields; null or absent fields stay as they were', async () => {
    const { owner, mission } = await createMission(server());
    const { data, error } = await owner.client.rpc('update_mission', {
      p_mission_id: mission.mission_id,
      p_updated_by: owner.user.id,
      p_name: '  Cleaner Water ',
      p_statement: null,
      p_objective_or_focus: 'Dignity & Honour',
    });
    expect(error).toBeNull();
    const [updated] = data!;
    expect(updated).toMatchObject({
      mission_id: mission.mission_id,
      name: 'Cleaner Water',
      objective_or_focus: 'Dignity & Honour',
      statement: mission.statement,
      shared_intention: mission.shared_intention,
      first_team_action: mission.first_team_action,
      created_at: mission.created_at,
    });
    expect(new Date(updated!.updated_at).getTime()).toBeGreaterThan(new Date(mission.updated_at).getTime());
  });

  it('refuses blank fields with the combined message, and bad objectives and lengths', async () => {
    const { owner, mission } = await createMission(server());
    const blank = await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_name: ' ', p_core_message: '' });
    expect(blank.error).toMatchObject({ code: 'P0001', message: requiredFieldsMessage(['Mission name', 'Core message']) });
    const objective = await owner.client.rpc('update_mission', {
      p_mission_id: mission.mission_id,
      p_updated_by: owner.user.id,
      p_objective_or_focus: 'Chaos',
    });
    expect(objective.status).toBe(400);
    const long = await owner.client.rpc('update_mission', {
      p_mission_id: mission.mission_id,
      p_updated_by: owner.user.id,
      p_problem_being_solved: 'p'.repeat(1001),
    });
    expect(long.status).toBe(400);
    const read = await details(owner, mission.mission_id);
    expect(read.mission.name).toBe(mission.name);
  });

  it('only lets owners and co-owners update, and only as themselves', async () => {
    const { owner, mission } = await createMission(server());
    const stranger = await signUpUser(server());
    const member = await signUpUser(server());
    const coOwner = await signUpUser(server());
    await server().db.query(
      `insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', false), ($1, $3, 'member', true)`,
      [mission.mission_id, member.user.id, coOwner.user.id],
    );
    for (const user of [stranger, member]) {
      const { error, status } = await user.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: user.user.id, p_name: 'Hijacked' });
      expect(status).toBe(403);
      expect(error).toMatchObject({ code: '42501', message: "Only the mission's owners can update it" });
    }
    const impersonating = await stranger.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_name: 'Hijacked' });
    expect(impersonating.status).toBe(403);

    const byCoOwner = await coOwner.client.rpc('update_mission', {
      p_mission_id: mission.mission_id,
      p_updated_by: coOwner.user.id,
      p_core_message: 'Shared leadership',
    });
    expect(byCoOwner.error).toBeNull();
    expect(byCoOwner.data![0]).toMatchObject({ name: mission.name, core_message: 'Shared leadership' });
  });

  it('answers "Mission not found" for an unknown mission', async () => {
    const user = await signUpUser(server());
    const { error } = await user.client.rpc('update_mission', { p_mission_id: UNKNOWN_ID, p_updated_by: user.user.id, p_name: 'x' });
    expect(error).toMatchObject({ code: 'P0001', message: 'Mission not found' });
  });
});

describeEachDatabase('missions: reading', (server) => {
  it("lists every mission newest first with counts, team size, creator name and the caller's own vote and subscription", async () => {
    const first = await createMission(server(), {}, { firstName: 'Ada', lastName: 'Byron' });
    const second = await createMission(server(), { p_name: 'Second' }, { firstName: 'Alan', lastName: 'Turing' });
    const viewer = await signUpUser(server());
    expect(await viewer.client.rpc('toggle_mission_vote', { p_mission_id: first.mission.mission_id })).toMatchObject({ data: 'voted' });
    expect(await first.owner.client.rpc('toggle_mission_vote', { p_mission_id: first.mission.mission_id })).toMatchObject({ data: 'voted' });
    expect(await viewer.client.rpc('toggle_mission_subscription', { p_mission_id: second.mission.mission_id })).toMatchObject({ data: 'subscribed' });

    const { data, error } = await viewer.client.rpc('get_all_missions', {});
    expect(error).toBeNull();
    const missions = data!;
    const ids = missions.map((mission) => mission.mission_id);
    expect(ids.indexOf(second.mission.mission_id)).toBeLessThan(ids.indexOf(first.mission.mission_id));
    const created = missions.map((mission) => new Date(mission.created_at).getTime());
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(missions.find((mission) => mission.mission_id === first.mission.mission_id)).toMatchObject({
      created_by_name: 'Ada Byron',
      vote_count: 2,
      subscription_count: 0,
      is_voted: true,
      is_subscribed: false,
      team_count: 1,
    });
    expect(missions.find((mission) => mission.mission_id === second.mission.mission_id)).toMatchObject({
      name: 'Second',
      created_by_name: 'Alan Turing',
      vote_count: 0,
      subscription_count: 1,
      is_voted: false,
      is_subscribed: true,
    });
    // The list (JSON written by the database) and the details (JSON written by the server) agree
    // field for field, timestamps included.
    const listedSecond = missions.find((mission) => mission.mission_id === second.mission.mission_id);
    expect(listedSecond).toEqual((await details(viewer, second.mission.mission_id)).mission);
    expect(listedSecond?.created_at).toBe(second.mission.created_at);
    expect(listedSecond?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const asOwner = (await second.owner.client.rpc('get_all_missions', {})).data!;
    expect(asOwner.find((mission) => mission.mission_id === second.mission.mission_id)).toMatchObject({ is_subscribed: false, subscription_count: 1 });
    expect(asOwner.find((mission) => mission.mission_id === first.mission.mission_id)).toMatchObject({ is_voted: false, vote_count: 2 });
  });

  it('sends the mission list gzipped to a browser that accepts it, and a small answer as it is', async () => {
    // Four missions with a long statement: a list well over the 4 KiB below which answers go as they are.
    const created = await Promise.all(Array.from({ length: 4 }, () => createMission(server(), { p_statement: 'We build filters together. '.repeat(36) })));
    const viewer = created[0]!.owner;
    const call = (name: string, body: unknown) =>
      fetch(`${server().url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'anon', authorization: `Bearer ${viewer.session.access_token}`, 'accept-encoding': 'gzip' },
        body: JSON.stringify(body),
      });
    const list = await call('get_all_missions', {});
    expect(list.headers.get('content-encoding')).toBe('gzip');
    const missions = (await list.json()) as Mission[];
    expect(missions.length).toBeGreaterThanOrEqual(4);
    const vote = await call('toggle_mission_vote', { p_mission_id: created[1]!.mission.mission_id });
    expect(vote.headers.get('content-encoding')).toBeNull();
    expect(await vote.json()).toBe('voted');
  });

  it('answers the missions a user belongs to, in the order they joined, for the caller only', async () => {
    const { owner, mission } = await createMission(server());
    const other = await createMission(server());
    await server().db.query(
      `insert into mission_members (mission_id, user_id, role_in_team, added_at) values ($1, $2, 'member', now() + interval '1 minute')`,
      [other.mission.mission_id, owner.user.id],
    );
    for (const userId of [owner.user.id, null]) {
      const { data, error } = await owner.client.rpc('get_user_related_missions', { p_user_id: userId });
      expect(error).toBeNull();
      expect((data as { mission_id: string }[]).map((row) => row.mission_id)).toEqual([mission.mission_id, other.mission.mission_id]);
    }
    const stranger = await signUpUser(server());
    expect((await stranger.client.rpc('get_user_related_missions', { p_user_id: null })).data).toEqual([]);
    const spying = await stranger.client.rpc('get_user_related_missions', { p_user_id: owner.user.id });
    expect(spying.status).toBe(403);
  });

  it("answers the details with members, counts and the caller's flags, or null", async () => {
    const { owner, mission } = await createMission(server(), {}, { firstName: 'Mae', lastName: 'Jemison' });
    const viewer = await signUpUser(server());
    await viewer.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
    await viewer.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id });

    const seen = await details(viewer, mission.mission_id);
    expect(seen).toMatchObject({ vote_count: 1, is_voted: true, subscription_count: 1, is_subscribed: true });
    expect(seen.mission).toMatchObject({ mission_id: mission.mission_id, name: mission.name, created_by_name: 'Mae Jemison', vote_count: 1 });
    expect(seen.members).toEqual([
      expect.objectContaining({
        user_id: owner.user.id,
        first_name: 'Mae',
        last_name: 'Jemison',
        email: owner.email.toLowerCase(),
        is_co_owner: true,
        role_in_team: 'owner',
      }),
    ]);
    expect(typeof seen.members[0]!.added_at).toBe('string');

    const { data: asOwner } = await owner.client.rpc('get_mission_details', { p_mission_id: mission.mission_id, p_user_id: null });
    expect(asOwner).toMatchObject({ vote_count: 1, is_voted: false, subscription_count: 1, is_subscribed: false });

    const missing = await viewer.client.rpc('get_mission_details', { p_mission_id: UNKNOWN_ID, p_user_id: viewer.user.id });
    expect(missing.error).toBeNull();
    expect(missing.data).toBeNull();
    const spying = await viewer.client.rpc('get_mission_details', { p_mission_id: mission.mission_id, p_user_id: owner.user.id });
    expect(spying.status).toBe(403);
    const badId = await viewer.client.rpc('get_mission_details', { p_mission_id: 'not-a-uuid', p_user_id: null });
    expect(badId.status).toBe(400);
    expect(badId.error?.message).toContain('p_mission_id');
  });
});

describeEachDatabase('missions: vote and subscription toggles', (server) => {
  it('toggles a vote on and off, answering the bare result string and counting the rows', async () => {
    const { mission } = await createMission(server());
    const voter = await signUpUser(server());
    const results: unknown[] = [];
    for (let i = 0; i < 3; i += 1) results.push((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data);
    expect(results).toEqual(['voted', 'unvoted', 'voted']);
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(1);
    expect((await details(voter, mission.mission_id)).vote_count).toBe(1);
  });

  it('toggles a subscription on and off', async () => {
    const { owner, mission } = await createMission(server());
    const results: unknown[] = [];
    for (let i = 0; i < 4; i += 1) results.push((await owner.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id })).data);
    expect(results).toEqual(['subscribed', 'unsubscribed', 'subscribed', 'unsubscribed']);
    expect(await rowCount(server(), 'mission_subscriptions', mission.mission_id)).toBe(0);
    expect((await details(owner, mission.mission_id)).subscription_count).toBe(0);
  });

  it('answers "Mission not found" for an unknown mission', async () => {
    const user = await signUpUser(server());
    for (const name of ['toggle_mission_vote', 'toggle_mission_subscription'] as const) {
      const { error } = await user.client.rpc(name, { p_mission_id: UNKNOWN_ID });
      expect(error).toMatchObject({ code: 'P0001', message: 'Mission not found' });
    }
  });

  it('counts exactly when 50 different users toggle the same mission at once, both ways', async () => {
    const { mission } = await createMission(server());
    const voters: TestUser[] = [];
    for (let batch = 0; batch < 5; batch += 1) voters.push(...(await Promise.all(Array.from({ length: 10 }, () => signUpUser(server())))));

    for (const [name, on, off, table] of [
      ['toggle_mission_vote', 'voted', 'unvoted', 'mission_votes'],
      ['toggle_mission_subscription', 'subscribed', 'unsubscribed', 'mission_subscriptions'],
    ] as const) {
      const up = await Promise.all(voters.map((voter) => voter.client.rpc(name, { p_mission_id: mission.mission_id })));
      expect(up.map((result) => result.data)).toEqual(voters.map(() => on));
      expect(await rowCount(server(), table, mission.mission_id)).toBe(50);
      const seen = await details(voters[0]!, mission.mission_id);
      expect(table === 'mission_votes' ? seen.vote_count : seen.subscription_count).toBe(50);

      const down = await Promise.all(voters.map((voter) => voter.client.rpc(name, { p_mission_id: mission.mission_id })));
      expect(down.map((result) => result.data)).toEqual(voters.map(() => off));
      expect(await rowCount(server(), table, mission.mission_id)).toBe(0);
    }
    const listed = (await voters[1]!.client.rpc('get_all_missions', {})).data!.find((row) => row.mission_id === mission.mission_id);
    expect(listed).toMatchObject({ vote_count: 0, subscription_count: 0 });
  });

  it('answers every toggle sent together on its own: an unknown mission fails alone, the others count', async () => {
    const { mission } = await createMission(server());
    const voters = await Promise.all(Array.from({ length: 6 }, () => signUpUser(server())));
    // Calls made in one event-loop turn share one batch statement.
    const answers = await Promise.allSettled([
      ...voters.map((voter) => toggleMissionVote(server().db, mission.mission_id, voter.user.id)),
      toggleMissionVote(server().db, UNKNOWN_ID, voters[0]!.user.id),
    ]);
    expect(answers.slice(0, 6).map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason))).toEqual(voters.map(() => 'voted'));
    expect(answers[6]).toMatchObject({ status: 'rejected', reason: { message: MISSION_MESSAGES.notFound } });
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(6);
  });

  it('keeps the rest of a batch when one toggle breaks the statement (a user deleted mid-session)', async () => {
    const { mission } = await createMission(server());
    const voters = await Promise.all(Array.from({ length: 4 }, () => signUpUser(server())));
    const deleted = await signUpUser(server());
    await server().db.query('delete from users where id = $1', [deleted.user.id]);

    const answers = await Promise.allSettled([
      toggleMissionVote(server().db, mission.mission_id, voters[0]!.user.id),
      toggleMissionVote(server().db, mission.mission_id, deleted.user.id),
      ...voters.slice(1).map((voter) => toggleMissionVote(server().db, mission.mission_id, voter.user.id)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(answers.filter((answer) => answer.status === 'fulfilled').map((answer) => answer.value)).toEqual(voters.map(() => 'voted'));
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(4);

    // Over HTTP the deleted user's still-valid access token gets a clear 400, and nothing is written.
    const { error, status } = await deleted.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
    expect(status).toBe(400);
    expect(error?.message).toBe('A parameter refers to something that does not exist or has the wrong form');
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(4);
  });

  it('keeps the listed counts equal to the rows when a user with votes and subscriptions is deleted', async () => {
    const { mission } = await createMission(server());
    const [stays, leaves] = await Promise.all([signUpUser(server()), signUpUser(server())]);
    for (const user of [stays!, leaves!]) {
      await user.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id });
      await user.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id });
    }
    expect(await details(stays!, mission.mission_id)).toMatchObject({ vote_count: 2, subscription_count: 2 });
    await server().db.query('delete from users where id = $1', [leaves!.user.id]);
    expect(await details(stays!, mission.mission_id)).toMatchObject({ vote_count: 1, subscription_count: 1, is_voted: true, is_subscribed: true });
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(1);
  });

  it("runs one user's toggles sent together one after the other, in the order they came", async () => {
    const { mission } = await createMission(server());
    const voter = await signUpUser(server());
    const answers = await Promise.all(Array.from({ length: 5 }, () => toggleMissionVote(server().db, mission.mission_id, voter.user.id)));
    expect(answers).toEqual(['voted', 'unvoted', 'voted', 'unvoted', 'voted']);
    expect(await rowCount(server(), 'mission_votes', mission.mission_id)).toBe(1);
    const subscriptions = await Promise.all(Array.from({ length: 4 }, () => toggleMissionSubscription(server().db, mission.mission_id, voter.user.id)));
    expect(subscriptions).toEqual(['subscribed', 'unsubscribed', 'subscribed', 'unsubscribed']);
    expect(await rowCount(server(), 'mission_subscriptions', mission.mission_id)).toBe(0);
  });

  it('keeps at most one vote and one subscription when one user toggles 50 times at once', async () => {
    const { mission } = await createMission(server());
    const user = await signUpUser(server());
    for (const [name, on, off, raced, table] of [
      ['toggle_mission_vote', 'voted', 'unvoted', 'already_voted', 'mission_votes'],
      ['toggle_mission_subscription', 'subscribed', 'unsubscribed', 'already_subscribed', 'mission_subscriptions'],
    ] as const) {
      const results = (await Promise.all(Array.from({ length: 50 }, () => user.client.rpc(name, { p_mission_id: mission.mission_id })))).map((result) => {
        expect(result.error).toBeNull();
        return result.data as string;
      });
      for (const result of results) expect([on, off, raced]).toContain(result);
      const rows = await rowCount(server(), table, mission.mission_id);
      expect(rows === 0 || rows === 1).toBe(true);
      // Every toggle that changed something alternates from "none": added minus removed is what is left.
      const added = results.filter((result) => result === on).length;
      const removed = results.filter((result) => result === off).length;
      expect(added - removed).toBe(rows);
      const seen = await details(user, mission.mission_id);
      const [count, flag] = table === 'mission_votes' ? [seen.vote_count, seen.is_voted] : [seen.subscription_count, seen.is_subscribed];
      expect(count).toBe(rows);
      expect(flag).toBe(rows === 1);
    }
  });
});

describeEachDatabase('missions: one owner rule', (server) => {
  it('lets the creator update the mission even without the co-owner flag, as they may manage its team', async () => {
    const { owner, mission } = await createMission(server());
    await server().db.query('update mission_members set is_co_owner = false where mission_id = $1 and user_id = $2', [mission.mission_id, owner.user.id]);
    const { data, error } = await owner.client.rpc('update_mission', {
      p_mission_id: mission.mission_id,
      p_updated_by: owner.user.id,
      p_core_message: 'Still mine',
    });
    expect(error).toBeNull();
    expect(data![0]!.core_message).toBe('Still mine');

    const member = await signUpUser(server());
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', false)`, [
      mission.mission_id,
      member.user.id,
    ]);
    const refused = await member.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: member.user.id, p_core_message: 'Not mine' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(MISSION_MESSAGES.ownersOnly);
  });
});
