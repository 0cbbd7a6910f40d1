import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AppUser } from '@mc/contract';
import { encodeDateOfBirth } from '@mc/contract/credential.ts';
import { loadSupabase } from '../../lib/authClient';
import { callRpc } from '../../lib/rpc';
import { appUserQuery } from '../../lib/queries';
import { queryKeys } from '../../lib/queryKeys';
import { clearAnonymityChoice, clearSessionTokens, storeAnonymityChoice, storeSessionTokens } from '../../lib/storage';
import { needsSecondFactor } from './mfa/assurance';
import { useAuthSession } from './useAuthSession';
import { preloadToasts } from '../../lib/notify';
import { AuthContext, type AuthContextValue, type SignUpInput } from '../../lib/auth';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { session, status, isPasswordRecovery, setIsPasswordRecovery } = useAuthSession(queryClient);

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

  const updateDateOfBirth = useCallback<AuthContextValue['updateDateOfBirth']>(
    async (dateOfBirth) => {
      const supabase = await loadSupabase();
      const { error } = await supabase.auth.updateUser({ password: encodeDateOfBirth(dateOfBirth) });
      if (!error) setIsPasswordRecovery(false);
      return { error };
    },
    [setIsPasswordRecovery],
  );

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
