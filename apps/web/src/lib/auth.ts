import { createContext, useContext } from 'react';
import type { AuthError, Session, User } from '@supabase/supabase-js';
import type { AppUser } from '@mc/contract';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO date as typed; only its encoded form ever leaves the browser. */
  dateOfBirth: string;
  /** Dial code plus digits, e.g. "+27821234567". */
  mobileNumber: string;
}

export interface AuthResult {
  error: AuthError | Error | null;
}

export interface SignInResult extends AuthResult {
  /** The person's id once signed in and free to call procedures (no authenticator code owed), else null. */
  readyUserId: string | null;
}

export interface AnonymityResult extends AuthResult {
  /** The metadata was updated but the session could not be refreshed (docs/product.md#sign-in-and-sessions). */
  refreshError: AuthError | null;
}

export interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** True while the session came from a password-reset link and no new credential is set yet. */
  isPasswordRecovery: boolean;
  /** Signed in with the date of birth, but an authenticator code is still owed this session. */
  needsSecondFactor: boolean;
  /** The app-user row (get_user_by_auth); null until loaded or when the lookup failed. */
  appUser: AppUser | null;
  appUserLoading: boolean;
  refreshAppUser: () => Promise<AppUser | null>;
  signIn: (email: string, dateOfBirth: string) => Promise<SignInResult>;
  signUp: (input: SignUpInput) => Promise<AuthResult>;
  signOut: () => Promise<void>;
  requestPasswordReset: (email: string) => Promise<AuthResult>;
  updateDateOfBirth: (dateOfBirth: string) => Promise<AuthResult>;
  setAnonymity: (isAnonymous: boolean, anonymousGuid?: string | null) => Promise<AnonymityResult>;
}

/**
 * The signed-in person's own name, for greeting them: the app user's, or while that loads the
 * names they signed up with. Blank parts are left out; both may be empty.
 */
export function personName(appUser: Pick<AppUser, 'first_name' | 'last_name'> | null, user: User | null): { first: string; full: string } {
  const metadata = user?.user_metadata ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const first = text(appUser?.first_name) || text(metadata.first_name);
  const last = text(appUser?.last_name) || text(metadata.last_name);
  return { first, full: [first, last].filter(Boolean).join(' ') };
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The session and auth actions. Throws when used outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
