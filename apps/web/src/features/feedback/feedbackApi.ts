import { queryOptions } from '@tanstack/react-query';
import type { MyPartFeedback, PartFeedbackSummary } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';

export const myPartFeedbackQuery = (partId: string, userId: string | null) =>
  queryOptions({
    queryKey: screenKeys.myPartFeedback(partId, userId),
    queryFn: (): Promise<MyPartFeedback> => callRpc('get_my_part_feedback', { p_part_id: partId }),
    enabled: userId !== null,
  });

export const giveFeedback = (partId: string, rating: number, comment: string) =>
  callRpc('give_part_feedback', { p_part_id: partId, p_rating: rating, p_comment: comment });

/** The console's list of every part's feedback. */
export const partFeedbackListQuery = () =>
  queryOptions({
    queryKey: screenKeys.organiserFeedback,
    queryFn: (): Promise<PartFeedbackSummary[]> => callRpc('list_part_feedback', {}),
  });

export const setFeedbackOff = (partId: string, off: boolean) => callRpc('set_part_feedback_off', { p_part_id: partId, p_off: off });
