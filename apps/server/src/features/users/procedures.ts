import { isValidMobileNumber, SIGNUP_MESSAGES, type AppUser } from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';

const APP_USER_COLUMNS = 'id, first_name, last_name, email, mobile, pre_survey_completed, post_survey_completed';

export const usersProcedures = {
  /**
   * Sign-up already created the app user from the sign-up metadata, so this call only brings the
   * names and mobile up to date. Its e-mail and birthday parameters are accepted, as the
   * product's interface has them, and ignored: the account's e-mail and credential change only
   * through /auth/v1 (docs/product.md#register_user_profile).
   */
  register_user_profile: procedure('register_user_profile', { emails: 'own' }, async (params, ctx) => {
    const firstName = params.p_first_name.trim();
    const lastName = params.p_last_name.trim();
    if (!firstName || !lastName) throw businessError('First name and last name are required');
    if (!isValidMobileNumber(params.p_mobile)) throw businessError(SIGNUP_MESSAGES.mobileInvalid);
    const rows = await ctx.db.query<AppUser>(
      `update users set first_name = $2, last_name = $3, mobile = $4, updated_at = now()
        where id = $1 returning ${APP_USER_COLUMNS}`,
      [ctx.userId, firstName, lastName, params.p_mobile],
    );
    return rows;
  }),

  get_user_by_auth: procedure('get_user_by_auth', { caller: 'auth_id', emails: 'own' }, async (params, ctx) =>
    ctx.db.query<AppUser>(`select ${APP_USER_COLUMNS} from users where id = $1`, [params.auth_id]),
  ),
};
