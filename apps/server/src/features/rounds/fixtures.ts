import { expect } from 'vitest';
import type { OrganiserRound, ProcedureParams, RoundVoteAnswer } from '@mc/contract';
import { createMission } from '../../../test/factories.ts';
import type { TestServer, TestUser } from '../../../test/harness.ts';

export type RoundParams = ProcedureParams<'create_vote_round'>;

/** create_vote_round's parameters: a shortlist, three votes each, counts hidden, `overrides` on top. */
export function roundParams(missionIds: string[] | null, overrides: Partial<RoundParams> = {}): RoundParams {
  return { p_name: 'Closing panel', p_votes_per_person: 3, p_mission_ids: missionIds, ...overrides };
}

/** `count` missions, each created by its own leader, named Finalist 1…n with a prefix. */
export async function finalists(server: TestServer, count: number, prefix = 'Finalist'): Promise<{ ids: string[]; owners: TestUser[] }> {
  const made = [];
  for (let i = 1; i <= count; i++) made.push(await createMission(server, { p_name: `${prefix} ${i}` }));
  return { ids: made.map((m) => m.mission.mission_id), owners: made.map((m) => m.owner) };
}

/** Rounds left open by an earlier test would refuse the next one's opening. */
export async function closeOpenRounds(server: TestServer): Promise<void> {
  await server.db.query(`update vote_rounds set state = 'closed', closed_at = now() where state = 'open'`);
}

export async function createRound(organiser: TestUser, params: RoundParams): Promise<OrganiserRound> {
  const { data, error } = await organiser.client.rpc('create_vote_round', params);
  expect(error).toBeNull();
  if (!data) throw new Error('create_vote_round answered nothing');
  return data;
}

/** A new round, opened: the test server first closes whatever an earlier test left open. */
export async function openRound(server: TestServer, organiser: TestUser, params: RoundParams): Promise<OrganiserRound> {
  await closeOpenRounds(server);
  const round = await createRound(organiser, params);
  const { data, error } = await organiser.client.rpc('open_vote_round', { p_round_id: round.round_id });
  expect(error).toBeNull();
  expect(data?.state).toBe('open');
  if (!data) throw new Error('open_vote_round answered nothing');
  return data;
}

export async function cast(user: TestUser, roundId: string, missionId: string): Promise<RoundVoteAnswer> {
  const { data, error } = await user.client.rpc('cast_round_vote', { p_round_id: roundId, p_mission_id: missionId });
  expect(error).toBeNull();
  if (!data) throw new Error('cast_round_vote answered nothing');
  return data;
}

export async function refusedCast(user: TestUser, roundId: string, missionId: string): Promise<{ status: number; message: string | undefined }> {
  const { data, error, status } = await user.client.rpc('cast_round_vote', { p_round_id: roundId, p_mission_id: missionId });
  expect(data).toBeNull();
  return { status, message: error?.message };
}

export async function roundVoteRows(server: TestServer, roundId: string): Promise<{ user_id: string; mission_id: string; receipt: string }[]> {
  return server.db.query('select user_id, mission_id, receipt from round_votes where round_id = $1', [roundId]);
}
