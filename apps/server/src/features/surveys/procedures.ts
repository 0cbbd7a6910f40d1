import type { SurveyStatus, SurveyType } from '@mc/contract';
import { assertSelf, procedure, type Procedure } from '../../rpc/procedure.ts';

/**
 * The two columns mark_survey_completed may set, spelled out so the SQL never takes a column name
 * from a parameter (the contract already limits p_survey_type to these two values).
 */
const SURVEY_COLUMNS: Record<SurveyType, string> = {
  pre_survey_completed: 'pre_survey_completed',
  post_survey_completed: 'post_survey_completed',
};

export const surveysProcedures: Procedure[] = [
  /** SPEC §7: the caller's survey status, as a one-row list. */
  procedure('get_survey_status', async (params, ctx) => {
    assertSelf(ctx, params.p_user_id, 'p_user_id');
    return ctx.db.query<SurveyStatus>('select pre_survey_completed, post_survey_completed from users where id = $1', [params.p_user_id]);
  }),

  /**
   * SPEC §4 "Survey completion": sets one flag for the caller and answers the updated status row
   * in a list. Idempotent: marking a finished survey again changes nothing. SPEC gates only the
   * sidebar item for the post-conference survey, so the server does not refuse it otherwise.
   */
  procedure('mark_survey_completed', async (params, ctx) => {
    assertSelf(ctx, params.p_user_id, 'p_user_id');
    const column = SURVEY_COLUMNS[params.p_survey_type];
    return ctx.db.query<SurveyStatus>(
      `update users set ${column} = true, updated_at = case when ${column} then updated_at else now() end
        where id = $1 returning pre_survey_completed, post_survey_completed`,
      [params.p_user_id],
    );
  }),
];
