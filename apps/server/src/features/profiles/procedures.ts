import { ROLE_PROFILE_MESSAGES, roleProfileRequiredMessage, type ParsedProcedureParams, type RoleProfile } from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';

const ROLE_PROFILE_COLUMNS =
  'id, user_id, role_title, role_archype, high_objective, intention, skills_and_resources, knowledge_and_experience, ' +
  'community_need, contribution, first_action_next_7_days, created_at, updated_at';

type RoleProfileParams = ParsedProcedureParams<'create_role_profile'>;

/**
 * The check create and update share: all nine fields filled in after trimming (the contract schema
 * has already trimmed them and checked lengths and options; procedure() has checked p_user_id is
 * the caller). Answers the values in the order of the SQL below.
 */
function validRoleProfileValues(params: RoleProfileParams): unknown[] {
  const missing = roleProfileRequiredMessage({
    role_title: params.p_role_title,
    intention: params.p_intention,
    skills_and_resources: params.p_skills_and_resources,
    knowledge_and_experience: params.p_knowledge_and_experience,
    community_need: params.p_community_need,
    contribution: params.p_contribution,
    first_action_next_7_days: params.p_first_action_next_7_days,
    high_objective: params.p_high_objective,
    role_archype: params.p_role_archype,
  });
  if (missing) throw businessError(missing);
  return [
    params.p_user_id,
    params.p_role_title,
    params.p_role_archype,
    params.p_high_objective,
    params.p_intention,
    params.p_skills_and_resources,
    params.p_knowledge_and_experience,
    params.p_community_need,
    params.p_contribution,
    params.p_first_action_next_7_days,
  ];
}

export const profilesProcedures = {
  /**
   * A role profile only after the pre-conference survey, one per person
   * (docs/product.md#create_role_profile). The insert itself checks both in one statement, so two
   * concurrent creates cannot both succeed.
   */
  create_role_profile: procedure('create_role_profile', { caller: 'p_user_id' }, async (params, ctx) => {
    const values = validRoleProfileValues(params);
    const rows = await ctx.db.query<RoleProfile>(
      `insert into role_profiles (user_id, role_title, role_archype, high_objective, intention, skills_and_resources,
              knowledge_and_experience, community_need, contribution, first_action_next_7_days)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 from users where id = $1 and pre_survey_completed
       on conflict (user_id) do nothing
       returning ${ROLE_PROFILE_COLUMNS}`,
      values,
    );
    if (rows.length) return rows;
    const [state] = await ctx.db.query<{ pre_survey_completed: boolean; has_profile: boolean }>(
      `select pre_survey_completed, exists (select 1 from role_profiles where user_id = users.id) as has_profile
         from users where id = $1`,
      [params.p_user_id],
    );
    throw businessError(state?.has_profile ? ROLE_PROFILE_MESSAGES.alreadyExists : ROLE_PROFILE_MESSAGES.surveyFirst);
  }),

  update_role_profile: procedure('update_role_profile', { caller: 'p_user_id' }, async (params, ctx) => {
    const values = validRoleProfileValues(params);
    const rows = await ctx.db.query<RoleProfile>(
      `update role_profiles set role_title = $2, role_archype = $3, high_objective = $4, intention = $5,
              skills_and_resources = $6, knowledge_and_experience = $7, community_need = $8, contribution = $9,
              first_action_next_7_days = $10, updated_at = now()
        where user_id = $1
        returning ${ROLE_PROFILE_COLUMNS}`,
      values,
    );
    if (!rows.length) throw businessError(ROLE_PROFILE_MESSAGES.notFound);
    return rows;
  }),

  /** docs/product.md#get_user_role_profile: a list with the caller's profile, or an empty list when there is none. */
  get_user_role_profile: procedure('get_user_role_profile', { caller: 'p_user_id' }, async (params, ctx) =>
    ctx.db.query<RoleProfile>(`select ${ROLE_PROFILE_COLUMNS} from role_profiles where user_id = $1`, [params.p_user_id]),
  ),
};
