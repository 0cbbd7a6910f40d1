import type { Factor, Session } from '@supabase/supabase-js';

/** The verified authenticator factors of the signed-in person, as the session's user lists them. */
export function verifiedFactors(session: Session | null): Factor[] {
  return session?.user.factors?.filter((factor) => factor.status === 'verified') ?? [];
}

/** The `aal` claim of the session's access token (the same value supabase-js reads). */
export function currentAal(session: Session | null): string | null {
  const payload = session?.access_token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * True when the person has an authenticator but this session has not yet entered a code: the
 * same answer as supabase-js's getAuthenticatorAssuranceLevel (current aal1, next aal2), computed
 * without waiting so the app never shows a screen it would then take away.
 */
export function needsSecondFactor(session: Session | null): boolean {
  return session !== null && verifiedFactors(session).length > 0 && currentAal(session) !== 'aal2';
}
