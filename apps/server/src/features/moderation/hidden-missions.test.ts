import { expect, it } from 'vitest';
import { MISSION_MESSAGES, type Mission, type MissionDetails } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission } from '../../../test/moderation-fixtures.ts';

/** Hides a mission the way the organisers' procedure does, straight in SQL. */
async function hide(server: TestServer, missionId: string, reason: string): Promise<void> {
  await server.db.query('update missions set hidden_at = now(), hidden_reason = $2 where mission_id = $1', [missionId, reason]);
}

async function unhide(server: TestServer, missionId: string): Promise<void> {
  await server.db.query('update missions set hidden_at = null, hidden_reason = null where mission_id = $1', [missionId]);
}

async function listedIds(user: TestUser): Promise<string[]> {
  const { data, error } = await user.client.rpc('get_all_missions', {});
  expect(error).toBeNull();
  return (data as Mission[]).map((mission) => mission.mission_id);
}

async function details(user: TestUser, missionId: string): Promise<MissionDetails | null> {
  const { data, error } = await user.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: user.user.id });
  expect(error).toBeNull();
  return data as MissionDetails | null;
}

describeEachDatabase('hidden missions: what attendees see', (server) => {
  it('leaves a hidden mission out of the list, details and team list for others, and brings it back when unhidden', async () => {
    const { mission } = await createMission(server(), { name: 'Spam Mission' });
    const other = await signUpUser(server());
    expect(await listedIds(other)).toContain(mission.mission_id);

    await hide(server(), mission.mission_id, 'Advertising');
    expect(await listedIds(other)).not.toContain(mission.mission_id);
    expect(await details(other, mission.mission_id)).toBeNull();
    const members = await other.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
    expect(members.error).toBeNull();
    expect(members.data).toEqual([]);

    await unhide(server(), mission.mission_id);
    expect(await listedIds(other)).toContain(mission.mission_id);
    const shown = await details(other, mission.mission_id);
    expect(shown?.mission.hidden_reason).toBeNull();
    expect(shown?.members).toHaveLength(1);
  });

  it("shows the hidden mission to its own team, with the organisers' reason", async () => {
    const member = await signUpUser(server());
    const { owner, mission } = await createMission(server(), { memberIds: [member.user.id] });
    await hide(server(), mission.mission_id, 'Please remove the phone numbers');

    for (const teamMate of [owner, member]) {
      const { data } = await teamMate.client.rpc('get_all_missions', {});
      const listed = (data as Mission[]).find((row) => row.mission_id === mission.mission_id);
      expect(listed?.hidden_reason).toBe('Please remove the phone numbers');
      const shown = await details(teamMate, mission.mission_id);
      expect(shown?.mission.hidden_reason).toBe('Please remove the phone numbers');
      expect(shown?.members.map((row) => row.user_id).sort()).toEqual([owner.user.id, member.user.id].sort());
      const members = await teamMate.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
      expect(members.data).toHaveLength(2);
    }
  });

  it('refuses votes and subscriptions on a hidden mission, both ways, and keeps the counts as they were', async () => {
    const { owner, mission } = await createMission(server());
    const voter = await signUpUser(server());
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data).toBe('voted');
    await hide(server(), mission.mission_id, 'Off topic');

    for (const person of [voter, owner]) {
      for (const name of ['toggle_mission_vote', 'toggle_mission_subscription'] as const) {
        const { data, error } = await person.client.rpc(name, { p_mission_id: mission.mission_id });
        expect(data).toBeNull();
        expect(error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.hiddenNoEngagement });
      }
    }
    const [counts] = await server().db.query<{ vote_count: number; subscription_count: number; votes: number }>(
      `select vote_count, subscription_count, (select count(*)::int from mission_votes where mission_id = $1) as votes
         from missions where mission_id = $1`,
      [mission.mission_id],
    );
    expect(counts).toEqual({ vote_count: 1, subscription_count: 0, votes: 1 });

    await unhide(server(), mission.mission_id);
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data).toBe('unvoted');
    expect((await voter.client.rpc('toggle_mission_subscription', { p_mission_id: mission.mission_id })).data).toBe('subscribed');
  });

  it('answers each toggle of one batch on its own: a hidden mission refused, a visible one counted', async () => {
    const hidden = await createMission(server(), { name: 'Hidden' });
    const shown = await createMission(server(), { name: 'Shown' });
    await hide(server(), hidden.mission.mission_id, 'Duplicate');
    const voters = await Promise.all([signUpUser(server()), signUpUser(server()), signUpUser(server())]);
    // Sent together, so the server writes them in one batch statement.
    const answers = await Promise.all(
      voters.flatMap((voter) => [
        voter.client.rpc('toggle_mission_vote', { p_mission_id: hidden.mission.mission_id }),
        voter.client.rpc('toggle_mission_vote', { p_mission_id: shown.mission.mission_id }),
      ]),
    );
    answers.forEach((answer, index) => {
      if (index % 2 === 0) expect(answer.error?.message).toBe(MISSION_MESSAGES.hiddenNoEngagement);
      else expect(answer.data).toBe('voted');
    });
    const rows = await server().db.query<{ mission_id: string; vote_count: number }>('select mission_id, vote_count from missions where mission_id = any($1)', [
      [hidden.mission.mission_id, shown.mission.mission_id],
    ]);
    expect(Object.fromEntries(rows.map((row) => [row.mission_id, row.vote_count]))).toEqual({ [hidden.mission.mission_id]: 0, [shown.mission.mission_id]: 3 });
  });
});
