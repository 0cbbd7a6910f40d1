import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { AuthError } from '../http/errors.ts';
import { deviceLabel } from './device-label.ts';
import type { SigningKeys } from './keys.ts';
import { factorsOf, sessionAssurance, type WireFactor } from './mfa.ts';
import { ISSUER_PATH, newOpaqueToken, sha256, signAccessToken, type AmrEntry } from './tokens.ts';

/**
 * Sessions as Supabase Auth hands them out: the user object supabase-js reads, and the token pair
 * of a session. Every way in (sign-up, sign-in, refresh, the reset mail, a second factor) ends here.
 */

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  user_metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  last_sign_in_at: Date | null;
}

export const USER_COLUMNS = 'id, email, password_hash, user_metadata, created_at, updated_at, last_sign_in_at';

/** The user object of Supabase Auth, as supabase-js reads it. */
export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  email_confirmed_at: string;
  confirmed_at: string;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: never[];
  /** Supabase leaves the field out when there are none; supabase-js reads it for the assurance level. */
  factors?: WireFactor[];
  created_at: string;
  updated_at: string;
  /** Supabase Auth's anonymous sign-in, which this server does not offer: always false, as in the token (the product's anonymity is user_metadata.is_anonymous). */
  is_anonymous: boolean;
}

export interface AuthSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUser;
}

export class SessionIssuer {
  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly config: Config,
  ) {}

  /** The issuer every token names, and the base of the links the auth mails carry. */
  get issuer(): string {
    return this.config.publicUrl + ISSUER_PATH;
  }

  async findUserById(db: Queryable, id: string): Promise<UserRow> {
    const rows = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
    const user = rows[0];
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return user;
  }

  /** A new aal1 session; `method` is how the person proved who they are (amr); the browser is kept as a short label. */
  async startSession(user: UserRow, method: 'password' | 'recovery', userAgent: string | undefined): Promise<AuthSession> {
    const sessionId = randomUUID();
    const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
    const refreshToken = await this.db.transaction(async (tx) => {
      await tx.query('insert into auth_sessions (id, user_id, amr, device) values ($1, $2, $3, $4)', [
        sessionId,
        user.id,
        JSON.stringify(amr),
        deviceLabel(userAgent),
      ]);
      return this.addRefreshToken(tx, sessionId);
    });
    return this.sessionFor(user, sessionId, refreshToken);
  }

  async addRefreshToken(tx: Queryable, sessionId: string): Promise<string> {
    const token = newOpaqueToken();
    await tx.query('insert into refresh_tokens (token_hash, session_id) values ($1, $2)', [sha256(token), sessionId]);
    return token;
  }

  /** Tokens carry the session's assurance as the database has it, so a refresh keeps aal2. */
  async sessionFor(user: UserRow, sessionId: string, refreshToken: string): Promise<AuthSession> {
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const stored = await sessionAssurance(this.db, sessionId, user.id);
    const assurance = stored ?? { aal: 'aal1' as const, amr: [] };
    // Sessions from before second factors existed have no methods recorded: they began with the credential.
    if (assurance.amr.length === 0) assurance.amr = [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }];
    const { token, expiresAt } = await signAccessToken(this.keys, this.issuer, user, sessionId, ttl, assurance);
    return { access_token: token, token_type: 'bearer', expires_in: ttl, expires_at: expiresAt, refresh_token: refreshToken, user: await this.authUser(user) };
  }

  async authUser(user: UserRow): Promise<AuthUser> {
    return toAuthUser(user, await factorsOf(this.db, user.id));
  }
}

function toAuthUser(user: UserRow, factors: WireFactor[]): AuthUser {
  const created = user.created_at.toISOString();
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    phone: '',
    email_confirmed_at: created,
    confirmed_at: created,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [],
    ...(factors.length > 0 ? { factors } : {}),
    created_at: created,
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}
