import { createClient } from '@supabase/supabase-js';
import type { Database } from '@mc/contract';

/**
 * The password-reset mail lands on /reset-password with the session in the URL fragment.
 * supabase-js consumes that fragment while it initialises and may announce PASSWORD_RECOVERY
 * before React has subscribed, so the fragment is read here first, before the client exists.
 */
function readAuthRedirect(): { isRecovery: boolean; errorDescription: string | null } {
  if (typeof window === 'undefined') return { isRecovery: false, errorDescription: null };
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  return {
    isRecovery: fragment.get('type') === 'recovery' && fragment.has('access_token'),
    errorDescription: fragment.get('error_description') ?? query.get('error_description'),
  };
}

export const initialAuthRedirect = readAuthRedirect();

/** The API key is not a secret: our server speaks the Supabase protocol on the app's own origin. */
export const SUPABASE_ANON_KEY = 'mission-control';

/** Typed by the contract: rpc() checks each procedure's parameters and knows its answer. */
export const supabase = createClient<Database>(window.location.origin, SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
});
