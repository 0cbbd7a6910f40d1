import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import type { AppUser } from '@mc/contract';
import { encodeDateOfBirth } from '@mc/contract/credential.ts';
import { initialAuthRedirect } from '../../lib/authRedirect';
import { AUTH_STORAGE_KEY, authClientNeededAtStart, loadSupabase, onSupabaseLoaded } from '../../lib/authClient';
import { callRpc } from '../../lib/rpc';
import { appUserQuery } from '../../lib/queries';
import { queryKeys } from '../../lib/queryKeys';
import { clearAnonymityChoice, clearSessionTokens, storeAnonymityChoice, storeSessionTokens } from '../../lib/storage';
import { syncAnonymityFlags } from '../../lib/anonymityClaims';
import { needsSecondFactor } from './mfa/assurance';
import { preloadToasts } from '../../lib/notify';
import { AuthContext, type AuthContextValue, type AuthStatus, type SignUpInput } from '../../lib/auth';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
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

  // Signed-in screens may toast straight through sonner, so its Toaster must be up for them.
  useEffect(() => {
    if (status === 'signedIn') preloadToasts();
  }, [status]);

  const user = session?.user ?? null;
  const userId = user?.id ?? null;
  // The app-user row lives in the query cache under queryKeys.appUser, so any screen can refresh it
  // with invalidateQueries. It is read from the cache directly rather than through useQuery: that
  // keeps the query observer's code out of the JavaScript every first visit (/signin) downloads.
  const subscribeToCache = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const appUserState = useSyncExternalStore(subscribeToCache, () =>
    userId ? queryClient.getQueryState<AppUser | null>(queryKeys.appUser(userId)) : undefined,
  );

  const secondFactorOwed = needsSecondFactor(session);
  useEffect(() => {
    // Until the code is entered the server answers no procedure, so nothing is asked yet.
    if (!userId || secondFactorOwed) return;
    const load = () => void queryClient.prefetchQuery({ ...appUserQuery(userId), gcTime: Infinity });
    load();
    const keyText = JSON.stringify(queryKeys.appUser(userId));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && JSON.stringify(event.query.queryKey) === keyText) load();
    });
  }, [queryClient, userId, secondFactorOwed]);

  const refreshAppUser = useCallback(async () => {
    if (!userId) return null;
    return queryClient.fetchQuery({ ...appUserQuery(userId), staleTime: 0, gcTime: Infinity });
  }, [queryClient, userId]);

  const signIn = useCallback<AuthContextValue['signIn']>(async (email, dateOfBirth) => {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
    if (error) return { error, readyUserId: null };
    storeSessionTokens(data.session);
    return { error: null, readyUserId: needsSecondFactor(data.session) ? null : data.session.user.id };
  }, []);

  const signUp = useCallback<AuthContextValue['signUp']>(
    async (input: SignUpInput) => {
      const credential = encodeDateOfBirth(input.dateOfBirth);
      const supabase = await loadSupabase();
      const { data, error } = await supabase.auth.signUp({
        email: input.email,
        password: credential,
        options: {
          data: {
            first_name: input.firstName,
            last_name: input.lastName,
            date_of_birth: credential,
            mobile_number: input.mobileNumber,
          },
        },
      });
      if (error) return { error };
      try {
        const response = await callRpc('register_user_profile', {
          p_first_name: input.firstName,
          p_last_name: input.lastName,
          p_email: input.email,
          p_mobile: input.mobileNumber,
          p_hashed_birthday: credential,
        });
        console.info('register_user_profile', response);
      } catch (registrationError) {
        // Only logged (docs/product.md#sign-up-screen): the account exists and the person carries on.
        console.error('register_user_profile failed', registrationError);
      }
      if (data.session) storeSessionTokens(data.session);
      if (data.user) await queryClient.invalidateQueries({ queryKey: queryKeys.appUser(data.user.id) });
      return { error: null };
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut();
    if (error) console.warn('Sign-out on the server failed; signing out locally', error);
    clearSessionTokens();
    clearAnonymityChoice();
    queryClient.clear();
  }, [queryClient]);

  const requestPasswordReset = useCallback<AuthContextValue['requestPasswordReset']>(async (email) => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    return { error };
  }, []);

  const updateDateOfBirth = useCallback<AuthContextValue['updateDateOfBirth']>(async (dateOfBirth) => {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.updateUser({ password: encodeDateOfBirth(dateOfBirth) });
    if (!error) setIsPasswordRecovery(false);
    return { error };
  }, []);

  const setAnonymity = useCallback<AuthContextValue['setAnonymity']>(async (isAnonymous, anonymousGuid = null) => {
    const guid = isAnonymous ? anonymousGuid : null;
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.updateUser({
      data: { is_anonymous: isAnonymous, anonymity_choice_made: true, anonymous_guid: guid },
    });
    if (error) return { error, refreshError: null };
    storeAnonymityChoice({ isAnonymous, anonymousGuid: guid });
    const refreshed = await supabase.auth.refreshSession();
    return { error: null, refreshError: refreshed.error };
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      session,
      user,
      isPasswordRecovery,
      needsSecondFactor: secondFactorOwed,
      appUser: appUserState?.data ?? null,
      appUserLoading: userId !== null && (appUserState === undefined || appUserState.status === 'pending'),
      refreshAppUser,
      signIn,
      signUp,
      signOut,
      requestPasswordReset,
      updateDateOfBirth,
      setAnonymity,
    }),
    [
      status,
      session,
      user,
      isPasswordRecovery,
      secondFactorOwed,
      appUserState,
      userId,
      refreshAppUser,
      signIn,
      signUp,
      signOut,
      requestPasswordReset,
      updateDateOfBirth,
      setAnonymity,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
