import { callRpc } from '../../../lib/rpc';

/**
 * The procedures of the two-step sign-in screens (docs/product.md#procedures), each in one place; a
 * file apart from authApi.ts, whose sign-up call every first download carries, so these stay with
 * the screens that use them.
 */
export const createRecoveryCodes = () => callRpc('mfa_create_recovery_codes', {});
export const recoveryCodesStatus = () => callRpc('mfa_recovery_codes_status', {});
