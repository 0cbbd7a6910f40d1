import { expect, it } from 'vitest';
import { OPEN_REQUESTS_MAX, REQUEST_MESSAGES } from '@mc/contract';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { describeEachDatabase, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';

/* Asking to join, inviting and answering, over HTTP: the rules, the notifications and concurrent accepts. */

async function roleOn(owner: TestUser, missionId: string, places = 1, title = 'Facilitator'): Promise<string> {
  const { data, error } = await owner.client.rpc('save_mission_role', {
    p_mission_id: missionId,
    p_title: title,
    p_description: '',
    p_skills: ['facilitation'],
    p_places: places,
  });
  expect(error).toBeNull();
  return data![0]!.role_id;
}

async function ask(user: TestUser, roleId: string, message = 'I can help') {
  return user.client.rpc('ask_to_join', { p_role_id: roleId, p_message: message });
}

async function askOk(user: TestUser, roleId: string): Promise<string> {
  const { data, error } = await ask(user, roleId);
  expect(error).toBeNull();
  return data![0]!.request_id;
}

async function members(server: TestServer, missionId: string): Promise<{ user_id: string; role_in_team: string; role_id: string | null }[]> {
  return server.db.query('select user_id, role_in_team, role_id from mission_members where mission_id = $1 and role_id is not null order by user_id', [
    missionId,
  ]);
}

async function bellTexts(user: TestUser): Promise<{ text: string; request_id: string | null; kind: string }[]> {
  const { data } = await user.client.rpc('get_my_notifications', {});
  return data!.items;
}

describeEachDatabase('roles: asking to join and invitations', (server) => {
  it('an attendee asks, the owner sees it in the bell and on the mission, accepts; the person joins with the role', async () => {
    const { owner, mission } = await createMission(server(), { p_name: 'Wells' });
    const roleId = await roleOn(owner, mission.mission_id);
    const asker = await signUpLeader(server(), { firstName: 'Amal', lastName: 'Asker' });
    const requestId = await askOk(asker, roleId);

    const [told] = await bellTexts(owner);
    expect(told).toMatchObject({ kind: 'join_requested', text: 'Amal Asker asks to join “Wells” as Facilitator.', request_id: requestId });
    const listed = await owner.client.rpc('get_mission_team_requests', { p_mission_id: mission.mission_id });
    expect(listed.data).toMatchObject([{ request_id: requestId, kind: 'ask', message: 'I can help', role_title: 'Facilitator', first_name: 'Amal' }]);
    expect((await asker.client.rpc('get_mission_team_requests', { p_mission_id: mission.mission_id })).status).toBe(403);
    expect((await asker.client.rpc('get_my_team_requests', {})).data?.map((row) => row.request_id)).toEqual([requestId]);

    // The asker cannot answer their own request.
    const self = await asker.client.rpc('answer_team_request', { p_request_id: requestId, p_accept: true });
    expect(self.status).toBe(403);

    const accepted = await owner.client.rpc('answer_team_request', { p_request_id: requestId, p_accept: true });
    expect(accepted.data?.[0]?.status).toBe('accepted');
    expect(await members(server(), mission.mission_id)).toEqual([{ user_id: asker.user.id, role_in_team: 'Facilitator', role_id: roleId }]);
    expect((await bellTexts(asker)).some((item) => item.kind === 'added_to_team')).toBe(true);
    // The role is full now: it is no longer listed, and the owner's bell no longer offers to answer.
    expect((await owner.client.rpc('get_mission_roles', { p_mission_id: mission.mission_id })).data).toEqual([]);
    expect((await bellTexts(owner)).find((item) => item.kind === 'join_requested')?.request_id).toBeNull();
    const twice = await owner.client.rpc('answer_team_request', { p_request_id: requestId, p_accept: true });
    expect(twice.error?.message).toBe(REQUEST_MESSAGES.notFound);
  });

  it('refuses double requests, members, closed roles, hidden missions and a sixth open request; withdrawing frees one', async () => {
    const asker = await signUpLeader(server());
    const roles: string[] = [];
    for (let index = 0; index <= OPEN_REQUESTS_MAX; index += 1) {
      const { owner, mission } = await createMission(server());
      roles.push(await roleOn(owner, mission.mission_id));
    }
    const first = await askOk(asker, roles[0]!);
    expect((await ask(asker, roles[0]!)).error?.message).toBe(REQUEST_MESSAGES.alreadyAsked);
    for (const roleId of roles.slice(1, OPEN_REQUESTS_MAX)) await askOk(asker, roleId);
    expect((await ask(asker, roles[OPEN_REQUESTS_MAX]!)).error?.message).toBe(REQUEST_MESSAGES.tooMany);
    const withdrawn = await asker.client.rpc('withdraw_team_request', { p_request_id: first });
    expect(withdrawn.data?.[0]?.status).toBe('withdrawn');
    await askOk(asker, roles[OPEN_REQUESTS_MAX]!);

    const { owner, mission } = await createMission(server());
    const roleId = await roleOn(owner, mission.mission_id);
    expect((await ask(owner, roleId)).error?.message).toBe(REQUEST_MESSAGES.alreadyMember);
    const other = await signUpLeader(server());
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'x' where mission_id = $1`, [mission.mission_id]);
    expect((await ask(other, roleId)).error?.message).toBe(REQUEST_MESSAGES.missionHidden);
    await server().db.query(`update missions set hidden_at = null, hidden_reason = null where mission_id = $1`, [mission.mission_id]);
    await owner.client.rpc('close_mission_role', { p_role_id: roleId });
    expect((await ask(other, roleId)).error?.message).toBe(REQUEST_MESSAGES.roleClosed);
  });

  it('refuses bad messages with a 4xx naming the field', async () => {
    const { owner, mission } = await createMission(server());
    const roleId = await roleOn(owner, mission.mission_id);
    const asker = await signUpLeader(server());
    for (const [message, status] of [
      ['x'.repeat(501), 400],
      ['a\u0000b', 400],
      ['x'.repeat(1024 * 1024), 413],
    ] as const) {
      const { error, status: got } = await untyped(asker.client).rpc('ask_to_join', { p_role_id: roleId, p_message: message });
      expect(got).toBe(status);
      if (status === 400) expect(error?.message).toContain('p_message');
    }
    const [row] = await server().db.query<{ n: number }>('select count(*)::int as n from team_requests where role_id = $1', [roleId]);
    expect(row?.n).toBe(0);
  });

  it('two owners accepting the last place at once end with exactly one member', async () => {
    const { owner, mission } = await createMission(server());
    const coOwner = await signUpLeader(server());
    await server().db.query(`insert into mission_members (mission_id, user_id, role_in_team, is_co_owner) values ($1, $2, 'member', true)`, [
      mission.mission_id,
      coOwner.user.id,
    ]);
    for (let round = 0; round < 3; round += 1) {
      const roleId = await roleOn(owner, mission.mission_id, 1, `Place ${round}`);
      const a = await signUpLeader(server());
      const b = await signUpLeader(server());
      const [first, second] = [await askOk(a, roleId), await askOk(b, roleId)];
      const answers = await Promise.all([
        owner.client.rpc('answer_team_request', { p_request_id: first, p_accept: true }),
        coOwner.client.rpc('answer_team_request', { p_request_id: second, p_accept: true }),
        coOwner.client.rpc('answer_team_request', { p_request_id: first, p_accept: true }),
      ]);
      expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
      for (const answer of answers.filter((item) => item.error !== null)) {
        expect([REQUEST_MESSAGES.roleClosed, REQUEST_MESSAGES.notFound]).toContain(answer.error?.message);
      }
      const joined = await server().db.query('select user_id from mission_members where role_id = $1', [roleId]);
      expect(joined).toHaveLength(1);
    }
  });

  it('an owner invites from a role card; the person accepts or declines with a reason; refusals are respected', async () => {
    const { owner, mission } = await createMission(server(), { p_name: 'Seeds' });
    const roleId = await roleOn(owner, mission.mission_id, 2);
    const guest = await signUpLeader(server(), { firstName: 'Gita', lastName: 'Guest' });
    const { data, error } = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: guest.user.id, p_message: 'Join us' });
    expect(error).toBeNull();
    const invitation = data![0]!;
    const [told] = await bellTexts(guest);
    expect(told).toMatchObject({ kind: 'invited_to_team', request_id: invitation.request_id });
    expect(told?.text).toMatch(/invites you to join “Seeds” as Facilitator\.$/);
    expect((await owner.client.rpc('answer_team_request', { p_request_id: invitation.request_id, p_accept: true })).status).toBe(403);
    const declined = await guest.client.rpc('answer_team_request', { p_request_id: invitation.request_id, p_accept: false, p_reason: 'No time' });
    expect(declined.data?.[0]).toMatchObject({ status: 'declined', reason: 'No time' });
    expect((await bellTexts(owner))[0]?.text).toBe('Gita Guest declined the invitation to join “Seeds”. Reason: No time');

    const again = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: guest.user.id, p_message: '' });
    const ok = await guest.client.rpc('answer_team_request', { p_request_id: again.data![0]!.request_id, p_accept: true });
    expect(ok.error).toBeNull();
    expect((await members(server(), mission.mission_id)).map((row) => row.user_id)).toEqual([guest.user.id]);

    // Someone who turned off "Others may add me to their team" cannot be invited; a stranger cannot invite.
    const refusing = await signUpLeader(server());
    await refusing.client.rpc('save_notification_settings', { p_email_digest: 'off', p_allow_team_additions: false });
    const refused = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: refusing.user.id, p_message: '' });
    expect(refused.error?.message).toBe(REQUEST_MESSAGES.additionsRefused);
    const stranger = await signUpLeader(server());
    expect((await stranger.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: refusing.user.id, p_message: '' })).status).toBe(403);
    // A card kept for teammates cannot be invited by others.
    const privateOne = await signUpLeader(server());
    await privateOne.client.rpc('save_role_card_settings', { p_visibility: 'team' });
    const hidden = await owner.client.rpc('invite_to_role', { p_role_id: roleId, p_user_id: privateOne.user.id, p_message: '' });
    expect(hidden.error?.message).toBe(REQUEST_MESSAGES.noCard);
  });

  it('a declined request tells the asker with the reason', async () => {
    const { owner, mission } = await createMission(server(), { p_name: 'Bridges' });
    const roleId = await roleOn(owner, mission.mission_id);
    const asker = await signUpLeader(server());
    const requestId = await askOk(asker, roleId);
    await owner.client.rpc('answer_team_request', { p_request_id: requestId, p_accept: false, p_reason: 'Team is complete' });
    expect((await bellTexts(asker))[0]?.text).toMatch(/declined your request to join “Bridges”\. Reason: Team is complete$/);
  });
});
