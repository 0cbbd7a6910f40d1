import type { ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';

/** The procedure the sign-up screen calls (docs/product.md#procedures); the two-step sign-in's are in mfa/mfaApi.ts. */
export const registerUserProfile = (params: ProcedureParams<'register_user_profile'>) => callRpc('register_user_profile', params);
