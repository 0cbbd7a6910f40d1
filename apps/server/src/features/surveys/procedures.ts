import type { SurveyStatus, SurveyType } from '@mc/contract';
import { procedure } from '../../rpc/procedure.ts';

/**
 * The two columns mark_survey_completed may set, spelled out so the SQL never takes a column name
 * from a parameter (the contract already limits p_survey_type to these two values).
 */
const SURVEY_COLUMNS: Record<SurveyType, string> = {
  pre_survey_completed: 'pre_survey_completed',
  post_survey_completed: 'post_survey_completed',
};

export const surveysProcedures = {
  /** docs/product.md#get_survey_status: the caller's survey status, as a one-row list. */
  get_survey_status: procedure('get_survey_status', { caller: 'p_user_id' }, async (params, ctx) =>
    ctx.db.query<SurveyStatus>('select pre_survey_completed, post_survey_completed from users where id = $1', [params.p_user_id]),
  ),

  /**
   * Sets one flag for the caller and answers the updated status row in a list
   * (docs/product.md#mark_survey_completed). Idempotent: marking a finished survey again changes
   * nothing. The product gates only the sidebar item for the post-conference survey, so the
   * server does not refuse it otherwise.
   */
  mark_survey_completed: procedure('mark_survey_completed', { caller: 'p_user_id' }, async (params, ctx) => {
    const column = SURVEY_COLUMNS[params.p_survey_type];
    return ctx.db.query<SurveyStatus>(
      `update users set ${column} = true, updated_at = case when ${column} then updated_at else now() end
        where id = $1 returning pre_survey_completed, post_survey_completed`,
      [params.p_user_id],
    );
  }),
};
