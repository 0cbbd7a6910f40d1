import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { needsSecondFactor } from './mfa/assurance';
import { useAccountActions } from './useAccountActions';
import { useAppUser } from './useAppUser';
import { useAuthSession } from './useAuthSession';
import { preloadToasts } from '../../lib/notify';
import { AuthContext, type AuthContextValue } from '../../lib/auth';

/** The session, the app-user row and the account actions, for every screen (useAuth). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { session, status, isPasswordRecovery, setIsPasswordRecovery } = useAuthSession(queryClient);

  // Signed-in screens may toast straight through sonner, so its Toaster must be up for them.
  useEffect(() => {
    if (status === 'signedIn') preloadToasts();
  }, [status]);

  const user = session?.user ?? null;
  const userId = user?.id ?? null;
  const secondFactorOwed = needsSecondFactor(session);
  const { appUserState, refreshAppUser } = useAppUser(queryClient, userId, secondFactorOwed);
  const { signIn, signUp, signOut, requestPasswordReset, updateDateOfBirth, setAnonymity } = useAccountActions(queryClient, setIsPasswordRecovery);

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
