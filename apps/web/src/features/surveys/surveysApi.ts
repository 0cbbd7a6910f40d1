import type { SurveyType } from '@mc/contract';
import { callRpc, firstRow } from '../../lib/rpc';

/** The procedure the survey screens call (docs/product.md#procedures): marks a survey done, answers the new status. */
export const markSurveyCompleted = async (userId: string, surveyType: SurveyType) =>
  firstRow(await callRpc('mark_survey_completed', { p_user_id: userId, p_survey_type: surveyType }));
