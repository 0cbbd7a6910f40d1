import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { initialAuthRedirect } from '../../lib/authRedirect';
import { AUTH_STORAGE_KEY, authClientNeededAtStart, loadSupabase, onSupabaseLoaded } from '../../lib/authClient';
import { syncAnonymityFlags } from '../../lib/anonymityClaims';
import type { AuthStatus } from '../../lib/auth';

/**
 * The session as supabase-js reports it, once its code has loaded: signed in or out, and whether
 * the page was opened from a reset mail. Follows another tab signing in, and clears or refreshes
 * the query cache when the session ends or its second factor is entered.
 */
export function useAuthSession(queryClient: QueryClient) {
  const [session, setSession] = useState<Session | null>(null);
  // With no session kept on this device the person is signed out, and nothing waits for the auth
  // client, which loads once they start on a form (AuthShell) or another tab signs in.
  const [status, setStatus] = useState<AuthStatus>(() => (authClientNeededAtStart() ? 'loading' : 'signedOut'));
  const [isPasswordRecovery, setIsPasswordRecovery] = useState(initialAuthRedirect.isRecovery);

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    // INITIAL_SESSION arrives once supabase-js has read storage (or the URL fragment).
    const stopWaiting = onSupabaseLoaded((supabase) => {
      if (!active) return;
      const { data } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, next: Session | null) => {
        if (!active) return;
        // Keep the callback synchronous: awaiting supabase calls in here can deadlock its lock.
        if ((event === 'SIGNED_IN' || event === 'USER_UPDATED') && next) syncAnonymityFlags(next);
        if (event === 'PASSWORD_RECOVERY') setIsPasswordRecovery(true);
        // Answers refused before the code was entered are stale now.
        if (event === 'MFA_CHALLENGE_VERIFIED') void queryClient.invalidateQueries();
        if (event === 'SIGNED_OUT') {
          setIsPasswordRecovery(false);
          queryClient.clear();
        }
        setSession(next);
        setStatus(next ? 'signedIn' : 'signedOut');
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    const load = () =>
      loadSupabase().catch((error: unknown) => {
        console.error('The sign-in code could not be loaded', error);
        if (active) setStatus((current) => (current === 'loading' ? 'signedOut' : current));
      });
    // Another tab signing in writes the session: this one follows, as supabase-js would.
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue !== null) void load();
    };
    if (authClientNeededAtStart()) void load();
    else window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      stopWaiting();
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  return { session, status, isPasswordRecovery, setIsPasswordRecovery };
}
