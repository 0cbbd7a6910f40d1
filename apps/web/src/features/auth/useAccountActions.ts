import { choiceKept, currentLanguage } from '../../i18n/i18n';
import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { encodeDateOfBirth } from '@mc/contract/credential.ts';
import { loadSupabase } from '../../lib/authClient';
import { queryKeys } from '../../lib/queryKeys';
import { clearAnonymityChoice, clearSessionTokens, removeStored, STORAGE_KEYS, storeAnonymityChoice, storeSessionTokens } from '../../lib/storage';
import { needsSecondFactor } from './mfa/assurance';
import type { AuthContextValue, SignUpInput } from '../../lib/auth';
import { registerUserProfile } from './authApi';

/** What a person does with their account: sign in, up and out, reset and change the date of birth, choose anonymity. */
export function useAccountActions(queryClient: QueryClient, setIsPasswordRecovery: (recovering: boolean) => void) {
  const signIn = useCallback<AuthContextValue['signIn']>(async (email, dateOfBirth) => {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
    if (error) return { error, readyUserId: null };
    storeSessionTokens(data.session);
    // The person lands in the language they will keep (a choice made here, else their account's).
    await import('./accountLanguage')
      .then(({ settleLanguage }) => settleLanguage(data.user))
      .catch((failure: unknown) => console.warn('The account language could not be settled', failure));
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
            // Mails and other devices speak the language the person signed up in.
            language: currentLanguage(),
          },
        },
      });
      if (error) return { error };
      choiceKept(currentLanguage());
      try {
        const response = await registerUserProfile({
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
    // The next person on this device never finds what this one typed.
    removeStored(STORAGE_KEYS.roleProfileDraft);
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

  return { signIn, signUp, signOut, requestPasswordReset, updateDateOfBirth, setAnonymity };
}
