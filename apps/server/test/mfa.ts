import { Secret, TOTP } from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';

/** The code an authenticator app would show for this secret, `steps` periods from now. */
export function codeFor(secret: string, steps = 0): string {
  return codeAt(secret, Date.now() + steps * 30_000);
}

/** The code an authenticator app would show for this secret at `timestamp` (milliseconds since the epoch). */
export function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
}

export interface Authenticator {
  factorId: string;
  secret: string;
}

/**
 * Enrols a TOTP factor through supabase-js and verifies it, which raises the client's session to
 * aal2. It uses the current code, which the server still takes if the clock turns to the next step
 * before it checks (a code one step back would fail then); a later sign-in uses the next code,
 * `codeFor(secret, 1)`, since each code is taken once.
 */
export async function enrolAuthenticator(client: SupabaseClient): Promise<Authenticator> {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolled.error) throw enrolled.error;
  const { id: factorId, totp } = enrolled.data;
  const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(totp.secret) });
  if (verified.error) throw verified.error;
  return { factorId, secret: totp.secret };
}
