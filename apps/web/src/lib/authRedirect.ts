/**
 * The password-reset mail lands on /reset-password with the session in the URL fragment.
 * supabase-js consumes that fragment while it initialises and may announce PASSWORD_RECOVERY
 * before React has subscribed, so the fragment is read here first, when the app starts.
 */
function readAuthRedirect(): { isRecovery: boolean; errorDescription: string | null; carriesAuth: boolean } {
  if (typeof window === 'undefined') return { isRecovery: false, errorDescription: null, carriesAuth: false };
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  const errorDescription = fragment.get('error_description') ?? query.get('error_description');
  return {
    isRecovery: fragment.get('type') === 'recovery' && fragment.has('access_token'),
    errorDescription,
    // Anything supabase-js reads from the address when it starts (detectSessionInUrl).
    carriesAuth: fragment.has('access_token') || fragment.has('error') || query.has('code') || query.has('error') || errorDescription !== null,
  };
}

export const initialAuthRedirect = readAuthRedirect();
