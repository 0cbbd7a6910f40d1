import { AAL2_REQUIRED_HINT, AAL2_REQUIRED_MESSAGE } from '@mc/contract';
import { createRecoveryCodes, unusedRecoveryCodes } from '../../auth/mfa.ts';
import { RpcError } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';

/**
 * Recovery codes are procedures rather than part of verify's answer: supabase-js stores that
 * answer whole as the session (in localStorage), and the codes must not end up there.
 */
export const mfaProcedures = {
  mfa_create_recovery_codes: procedure('mfa_create_recovery_codes', async (_params, ctx) => {
    const codes = await createRecoveryCodes(ctx.db, ctx.userId, ctx.sessionId);
    if (!codes)
      throw new RpcError(
        403,
        '42501',
        AAL2_REQUIRED_MESSAGE,
        'Recovery codes are made after an authenticator code has been entered in this session.',
        AAL2_REQUIRED_HINT,
      );
    return { codes };
  }),

  mfa_recovery_codes_status: procedure('mfa_recovery_codes_status', async (_params, ctx) => ({
    remaining: await unusedRecoveryCodes(ctx.db, ctx.userId),
  })),
};
