import type { ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';

/** The procedures the account screens call (docs/product.md#procedures), each in one place. */
export const listMySessions = () => callRpc('list_my_sessions', {});
export const signOutSession = (sessionId: string) => callRpc('sign_out_session', { p_session_id: sessionId });
export const signOutOtherSessions = () => callRpc('sign_out_other_sessions', {});
export const requestMyDataExport = () => callRpc('request_my_data_export', {});
export const deleteMyAccount = (typedEmail: string) => callRpc('delete_my_account', { p_email: typedEmail });
export const howOthersSeeMe = () => callRpc('get_how_others_see_me', {});
/** The person's own names and mobile, as "Your details" saves them. */
export const saveMyDetails = (params: ProcedureParams<'register_user_profile'>) => callRpc('register_user_profile', params);
