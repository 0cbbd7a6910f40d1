import { expect, it } from 'vitest';
import { PRIVACY_MESSAGES, TEAM_MESSAGES } from '@mc/contract';
import { createMission, signUpLeader } from '../../test/factories.ts';
import { describeEachDatabase, type TestServer, type TestUser } from '../../test/harness.ts';
import { signUpOrganiser } from '../../test/organisers.ts';
import { openRound, roundParams } from '../features/rounds/fixtures.ts';

/*
 * Requests that meet on the same rows at the same moment, in the three ways that once made
 * PostgreSQL abort one of them as deadlocked (docs/ARCHITECTURE.md#lock-order): nobody reads an
 * error of ours, a refusal is the product's own message, and every kept count equals its rows.
 */

interface Answer {
  status: number;
  message: string | undefined;
}

async function answerOf(call: PromiseLike<{ status: number; error: { message: string } | null }>): Promise<Answer> {
  const { status, error } = await call;
  return { status, message: error?.message };
}

/** Every answer a success, or a refusal with one of the product's messages for this case. */
function expectOnly(answers: Answer[], refusals: string[]): void {
  const unexpected = answers.filter((answer) => answer.status >= 300 && !(answer.status < 500 && refusals.includes(answer.message ?? '')));
  expect(unexpected).toEqual([]);
}

async function expectCountsEqualRows(server: TestServer): Promise<void> {
  const wrong = await server.db.query(
    `select mission_id from missions m
      where vote_count <> (select count(*) from mission_votes v where v.mission_id = m.mission_id)
         or subscription_count <> (select count(*) from mission_subscriptions s where s.mission_id = m.mission_id)`,
  );
  expect(wrong).toEqual([]);
}

async function openRole(owner: TestUser, missionId: string): Promise<string> {
  const { data, error } = await owner.client.rpc('save_mission_role', {
    p_mission_id: missionId,
    p_title: 'Storyteller',
    p_description: 'Tells the story',
    p_skills: ['storytelling'],
    p_archetype: null,
    p_places: 10,
  });
  expect(error).toBeNull();
  return data![0]!.role_id;
}

describeEachDatabase('lock order: requests that meet on the same rows', (server) => {
  it("mission owners asking to join each other's open roles at the same moment are all answered", async () => {
    // Five owners, each asking for a place on the four others' teams (the most open requests a person may have).
    const owners = await Promise.all(Array.from({ length: 5 }, () => createMission(server())));
    const roles = await Promise.all(owners.map(({ owner, mission }) => openRole(owner, mission.mission_id)));
    const asks = owners.flatMap(({ owner }, asker) =>
      roles.filter((_, index) => index !== asker).map((roleId) => answerOf(owner.client.rpc('ask_to_join', { p_role_id: roleId, p_message: 'Count me in' }))),
    );
    const answers = await Promise.all(asks);
    expectOnly(answers, []);
    const [requests] = await server().db.query<{ n: number }>(
      `select count(*)::int as n from team_requests where role_id = any($1::uuid[]) and kind = 'ask' and status = 'open'`,
      [roles],
    );
    expect(requests?.n).toBe(20);
    const [bells] = await server().db.query<{ n: number }>(
      `select count(*)::int as n from notifications where kind = 'join_requested' and user_id = any($1::uuid[])`,
      [owners.map(({ owner }) => owner.user.id)],
    );
    expect(bells?.n).toBe(20);
  });

  it('accounts deleted while owners add them to teams and while they vote and follow: no error of ours, counts equal rows', async () => {
    const teams = await Promise.all(Array.from({ length: 3 }, () => createMission(server())));
    const people = await Promise.all(Array.from({ length: 8 }, () => signUpLeader(server())));
    // Each person already voted for and follows one mission, so their deletion has missions to correct.
    for (const [index, person] of people.entries()) {
      const missionId = teams[index % teams.length]!.mission.mission_id;
      expect((await person.client.rpc('toggle_mission_vote', { p_mission_id: missionId })).error).toBeNull();
      expect((await person.client.rpc('toggle_mission_subscription', { p_mission_id: missionId })).error).toBeNull();
    }
    const calls = people.flatMap((person, index) => {
      const others = teams.filter((_, team) => team !== index % teams.length);
      return [
        ...teams.map(({ owner, mission }) => answerOf(owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: person.user.id }))),
        ...others.flatMap(({ mission }) => [
          answerOf(person.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })),
          answerOf(person.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id })),
        ]),
        answerOf(person.client.rpc('delete_my_account', { p_email: person.email })),
      ];
    });
    const answers = await Promise.all(calls);
    // A request that comes after the deletion finds nobody: the person is unknown, or (their token
    // still unexpired) what they name no longer exists.
    expectOnly(answers, [
      TEAM_MESSAGES.userNotFound,
      PRIVACY_MESSAGES.nothingLeft,
      'A parameter refers to something that does not exist or has the wrong form',
    ]);
    const left = await server().db.query('select id from users where id = any($1::uuid[])', [people.map((person) => person.user.id)]);
    expect(left).toEqual([]);
    await expectCountsEqualRows(server());
  });

  it("everyday votes and follows mixed with a voting round's votes on the same missions: every vote answered, counts equal rows", async () => {
    const organiser = await signUpOrganiser(server());
    const missions = await Promise.all(Array.from({ length: 4 }, () => createMission(server())));
    const ids = missions.map(({ mission }) => mission.mission_id);
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 4, p_allow_repeat_votes: false }));
    const voters = await Promise.all(Array.from({ length: 16 }, () => signUpLeader(server())));
    // A batch of round votes meets the missions in the order its votes came, a batch of toggles in
    // id order: each voter's first vote goes to a different mission, from the highest id down, and
    // the toggles go from the lowest up.
    const down = [...ids].sort().reverse();
    const calls = voters.flatMap((voter, index) => [
      ...down.map((_, step) =>
        answerOf(voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: down[(index + step) % down.length]! })),
      ),
      ...[...down]
        .reverse()
        .flatMap((missionId) => [
          answerOf(voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId })),
          answerOf(voter.client.rpc('toggle_mission_subscription', { p_mission_id: missionId })),
        ]),
    ]);
    const answers = await Promise.all(calls);
    expectOnly(answers, []);
    const [cast] = await server().db.query<{ n: number }>('select count(*)::int as n from round_votes where round_id = $1', [round.round_id]);
    expect(cast?.n).toBe(voters.length * ids.length);
    await expectCountsEqualRows(server());
    // Every everyday toggle added its row once.
    const [votes] = await server().db.query<{ n: number }>('select count(*)::int as n from mission_votes where mission_id = any($1::uuid[])', [ids]);
    expect(votes?.n).toBe(voters.length * ids.length);
  });
});
