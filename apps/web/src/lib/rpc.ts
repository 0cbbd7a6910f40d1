import type { ProcedureName, ProcedureParams, ProcedureResult } from '@mc/contract';
import { AAL2_REQUIRED_HINT, MFA_ENROLMENT_REQUIRED_HINT } from '@mc/contract/mfa.ts';
import { loadSupabase } from './authClient';
import { browserIsOffline, OFFLINE_CODE, offlineMessage, RpcError, toRpcError } from './rpcError';

export { BUSINESS_ERROR_CODE, OFFLINE_CODE, offlineMessage, RpcError, firstRow, outcomeUnknown, toRpcError } from './rpcError';

/**
 * Calls one procedure (docs/product.md#procedures) and returns its answer, typed by the contract
 * (ProcedureResults), or throws an RpcError. No toasts, no redirects: the screen that called
 * decides what the person sees.
 */
export async function callRpc<N extends ProcedureName>(name: N, params: ProcedureParams<N>): Promise<ProcedureResult<N>> {
  // Offline (no network, or one that stopped answering: lib/network.ts), refuse at once with a
  // clear message: never a request left spinning, never a queue. Nothing was sent.
  if (browserIsOffline()) throw new RpcError(name, OFFLINE_CODE, offlineMessage());
  // Already loaded whenever someone is signed in; only calls made without a session wait for it.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc(name, params);
  if (error) {
    // The session's second factor changed elsewhere (set up in another tab, or reset by an
    // organiser): a fresh session says so, and the app then asks for the code or the set-up step.
    if (error.hint === AAL2_REQUIRED_HINT || error.hint === MFA_ENROLMENT_REQUIRED_HINT) void supabase.auth.refreshSession();
    throw toRpcError(name, error);
  }
  // For a concrete name supabase-js resolves `data` to exactly ProcedureResult<name> (the server
  // tests call it that way); for this wrapper's generic N its conditional types cannot resolve, so
  // the same type is restated here.
  return data as unknown as ProcedureResult<N>;
}
