import { feedbackProcedureParams, type FeedbackProcedureResults } from './feedback.ts';
import { pollProcedureParams, type PollProcedureResults } from './polls.ts';
import { roundProcedureParams, type RoundProcedureResults } from './rounds.ts';
import { hostProcedureParams, questionProcedureParams, type HostProcedureResults, type QuestionProcedureResults } from './questions.ts';

/**
 * What happens live in the room, in one place for the procedure registry (procedures.ts): the
 * closing vote's rounds (docs/product.md#voting-rounds), and "the room talks back": session hosts
 * and questions (#questions), live polls (#polls) and feedback after each part (#feedback).
 */
export const roomProcedureParams = {
  ...roundProcedureParams,
  ...hostProcedureParams,
  ...questionProcedureParams,
  ...pollProcedureParams,
  ...feedbackProcedureParams,
} as const;

export interface RoomProcedureResults
  extends RoundProcedureResults, HostProcedureResults, QuestionProcedureResults, PollProcedureResults, FeedbackProcedureResults {}
