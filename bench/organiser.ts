import { randomUUID } from 'node:crypto';
import type { Db } from '../apps/server/src/db/db.ts';
import type { SigningKeys } from '../apps/server/src/auth/keys.ts';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';

/**
 * An access token of an organiser: the person is made one, and given a session as verifying an
 * authenticator code would leave it (organisers act only from such a session).
 */
export async function organiserToken(db: Db, keys: SigningKeys, url: string, user: { id: string; email: string }): Promise<string> {
  await db.query(`insert into organisers (user_id, granted_by) values ($1, 'bench') on conflict do nothing`, [user.id]);
  const session = randomUUID();
  const amr = [{ method: 'totp', timestamp: Math.floor(Date.now() / 1000) }];
  await db.query(`insert into auth_sessions (id, user_id, aal, amr) values ($1, $2, 'aal2', $3::jsonb)`, [session, user.id, JSON.stringify(amr)]);
  const minted = await signAccessToken(keys, `${url}/auth/v1`, { id: user.id, email: user.email, user_metadata: {} }, session, 3600, { aal: 'aal2', amr });
  return minted.token;
}
