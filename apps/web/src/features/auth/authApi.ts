import type { ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';

/** The procedures the sign-up and two-step sign-in screens call (docs/product.md#procedures), each in one place. */
export const registerUserProfile = (params: ProcedureParams<'register_user_profile'>) => callRpc('register_user_profile', params);
export const createRecoveryCodes = () => callRpc('mfa_create_recovery_codes', {});
export const recoveryCodesStatus = () => callRpc('mfa_recovery_codes_status', {});
