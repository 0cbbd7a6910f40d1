import { queryOptions } from '@tanstack/react-query';
import type { PartPolls, ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';

/** A part's polls as the signed-in person sees them; the live channel keeps them current. */
export const partPollsQuery = (partId: string, userId: string | null) =>
  queryOptions({
    queryKey: screenKeys.partPolls(partId, userId),
    queryFn: (): Promise<PartPolls> => callRpc('get_part_polls', { p_part_id: partId }),
    enabled: userId !== null,
  });

export const createPoll = (params: ProcedureParams<'create_poll'>) => callRpc('create_poll', params);
export const openPoll = (pollId: string) => callRpc('open_poll', { p_poll_id: pollId });
export const closePoll = (pollId: string) => callRpc('close_poll', { p_poll_id: pollId });
export const answerPoll = (params: ProcedureParams<'answer_poll'>) => callRpc('answer_poll', params);
