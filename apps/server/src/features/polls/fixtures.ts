import { expect } from 'vitest';
import type { PartPolls, ProcedureParams } from '@mc/contract';
import type { TestUser } from '../../../test/harness.ts';

/** Parts of the sample programme (features/conference/content/agenda.json). */
export const PART_A = 's1p2';
export const PART_B = 's2p1';

export function pollParams(overrides: Partial<ProcedureParams<'create_poll'>> = {}): ProcedureParams<'create_poll'> {
  return { p_part_id: PART_A, p_kind: 'single', p_question: 'Which track next?', p_options: ['Tools', 'People', 'Money'], ...overrides };
}

/** Creates a poll as `host` and answers the part's polls; the new poll is the first. */
export async function createPoll(host: TestUser, overrides: Partial<ProcedureParams<'create_poll'>> = {}): Promise<{ pollId: string; polls: PartPolls }> {
  const { data, error } = await host.client.rpc('create_poll', pollParams(overrides));
  expect(error).toBeNull();
  const pollId = data?.polls[0]?.poll_id;
  if (!data || !pollId) throw new Error('no poll');
  return { pollId, polls: data };
}

export async function openPoll(host: TestUser, overrides: Partial<ProcedureParams<'create_poll'>> = {}): Promise<string> {
  const { pollId } = await createPoll(host, overrides);
  const { error } = await host.client.rpc('open_poll', { p_poll_id: pollId });
  expect(error).toBeNull();
  return pollId;
}

export async function answer(user: TestUser, params: Omit<ProcedureParams<'answer_poll'>, 'p_poll_id'>, pollId: string): Promise<PartPolls> {
  const { data, error } = await user.client.rpc('answer_poll', { p_poll_id: pollId, ...params });
  expect(error).toBeNull();
  if (!data) throw new Error('no answer');
  return data;
}
