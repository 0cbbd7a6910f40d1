import { randomUUID } from 'node:crypto';
import { z } from '@mc/contract/zod.ts';
import {
  dateOfBirthProblem,
  decodeDateOfBirth,
  firstSignupError,
  isValidMobileNumber,
  LANGUAGE_CODES,
  signupMetadataSchema,
  SIGNUP_MESSAGES,
} from '@mc/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { sqlState } from '../db/db.ts';
import { AuthError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SigningKeys } from './keys.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password.ts';
import { hit, isExhausted, secondsUntilWindowEnds, tooManyRequests, type Window } from './rate-limit.ts';
import type { Clock } from '../clock.ts';
import { hasVerifiedFactor, MfaService, sessionAssurance } from './mfa.ts';
import { TrustedDevices } from './trusted-devices.ts';
import { CredentialChange } from './credential-change.ts';
import { AccountRecovery, type WithDevice } from './recovery.ts';
import { SessionIssuer, USER_COLUMNS, type AuthSession, type AuthUser, type UserRow } from './sessions.ts';
import { sha256, type AccessClaims } from './tokens.ts';

export type { AuthSession, AuthUser } from './sessions.ts';
export type { WithDevice } from './recovery.ts';

/** Metadata a user may change about themselves; anything else in `data` is refused. */
const userMetadataUpdateSchema = z.strictObject({
  is_anonymous: z.boolean().optional(),
  anonymity_choice_made: z.boolean().optional(),
  anonymous_guid: z.uuid().nullable().optional(),
  first_name: z.string().trim().min(1).max(200).optional(),
  last_name: z.string().trim().min(1).max(200).optional(),
  mobile_number: z.string().refine(isValidMobileNumber, { message: SIGNUP_MESSAGES.mobileInvalid }).optional(),
  language: z.enum(LANGUAGE_CODES).optional(),
});

const INVALID_CREDENTIALS = new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

/** `data` at sign-up: the profile fields and the credential, nothing else (as `PUT /user` refuses unknown keys too). */
const signupDataSchema = z.strictObject(signupMetadataSchema.shape).partial();

function invalidUserData(error: z.ZodError): AuthError {
  const issue = error.issues[0];
  return new AuthError(400, 'validation_failed', `Invalid user data${issue ? ` (${issue.path.join('.') || 'data'}: ${issue.message})` : ''}`);
}

export class AuthService {
  /** The factor endpoints (`auth.mfa` in supabase-js); they raise a session to aal2. */
  readonly mfa: MfaService<AuthSession>;
  private readonly windows: Record<'accountFailures' | 'deviceFailures' | 'reauthFailures' | 'signinAddress' | 'signupAddress' | 'recoveryAddress', Window>;
  private readonly devices: TrustedDevices;
  private readonly credentialChange: CredentialChange;
  private readonly sessions: SessionIssuer;
  private readonly recovery: AccountRecovery;

  constructor(
    private readonly db: Db,
    keys: SigningKeys,
    private readonly config: Config,
    mailer: Mailer,
    clock: Clock,
  ) {
    this.windows = {
      accountFailures: { bucket: 'signin-failures:account', seconds: 3600, limit: config.SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR },
      deviceFailures: { bucket: 'signin-failures:device', seconds: 3600, limit: config.SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR },
      reauthFailures: { bucket: 'reauth-failures:session', seconds: 3600, limit: config.SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR },
      signinAddress: { bucket: 'signin:address', seconds: 60, limit: config.SIGNIN_PER_ADDRESS_PER_MINUTE },
      signupAddress: { bucket: 'signup:address', seconds: 3600, limit: config.SIGNUP_PER_ADDRESS_PER_HOUR },
      recoveryAddress: { bucket: 'recovery:address', seconds: 3600, limit: config.RECOVERY_PER_ADDRESS_PER_HOUR },
    };
    this.devices = new TrustedDevices(keys, config.publicUrl.startsWith('https://'));
    this.sessions = new SessionIssuer(db, keys, config);
    this.recovery = new AccountRecovery(db, config, mailer, this.sessions, this.devices, this.windows, (window, subject, message) =>
      this.limit(window, subject, message),
    );
    this.credentialChange = new CredentialChange(db, mailer, config, this.windows.reauthFailures, (window) => this.lockedOut(window));
    this.mfa = new MfaService<AuthSession>(
      db,
      keys,
      config,
      async (userId, sessionId, refreshToken) => this.sessions.sessionFor(await this.sessions.findUserById(this.db, userId), sessionId, refreshToken),
      (tx, sessionId) => this.sessions.addRefreshToken(tx, sessionId),
      clock,
    );
  }

  /** The Set-Cookie value that makes a browser a trusted device. */
  deviceCookie(token: string): string {
    return this.devices.cookie(token);
  }

  /** The reset mail and its link. */
  recover(body: unknown, redirectTo: string | undefined, address: string): Promise<void> {
    return this.recovery.recover(body, redirectTo, address);
  }

  /** Consumes a reset link: the URL to redirect to, carrying the session or the error. */
  verify(query: { token?: string; type?: string; redirect_to?: string }, userAgent?: string): Promise<WithDevice<string>> {
    return this.recovery.verify(query, userAgent);
  }

  async signUp(body: unknown, address: string, userAgent?: string): Promise<WithDevice<AuthSession>> {
    const input = z.object({ email: z.string().max(320), password: z.string().max(200), data: z.unknown().optional() }).safeParse(body);
    if (!input.success) throw new AuthError(400, 'validation_failed', 'Sign-up needs an email, a password and the profile data');
    const { email, password } = input.data;
    const parsedData = signupDataSchema.safeParse(input.data.data ?? {});
    if (!parsedData.success) throw invalidUserData(parsedData.error);
    const data = parsedData.data;
    const dateOfBirth = decodeDateOfBirth(password) ?? '';
    const message = firstSignupError({
      firstName: data.first_name ?? '',
      lastName: data.last_name ?? '',
      email,
      dateOfBirth,
      mobileNumber: data.mobile_number ?? '',
    });
    // A malformed e-mail is a 400 in Supabase Auth; the product's own rules on the profile data answer 422.
    if (message) throw new AuthError(message === SIGNUP_MESSAGES.email ? 400 : 422, 'validation_failed', message);
    await this.limit(this.windows.signupAddress, address, 'Too many sign-ups from this network. Please try again later.');

    const passwordHash = await hashPassword(password, this.config.PASSWORD_HASH_COST);
    const id = randomUUID();
    const metadata = { first_name: data.first_name?.trim(), last_name: data.last_name?.trim(), mobile_number: data.mobile_number, language: data.language };
    try {
      await this.db.query(
        `insert into users (id, email, password_hash, first_name, last_name, mobile, user_metadata, last_sign_in_at)
         values ($1, $2, $3, $4, $5, $6, $7, now())`,
        [id, email.trim().toLowerCase(), passwordHash, metadata.first_name, metadata.last_name, metadata.mobile_number, metadata],
      );
    } catch (error) {
      if (sqlState(error) === '23505') {
        throw new AuthError(422, 'user_already_exists', 'An account with this email address already exists. Please sign in instead.');
      }
      throw error;
    }
    // Signing up signs in, as in Supabase Auth: last_sign_in_at is set from the first moment.
    const user = await this.sessions.findUserById(this.db, id);
    return { result: await this.sessions.startSession(user, 'password', userAgent), device: this.devices.issue(user.id, user.password_hash) };
  }

  /**
   * Wrong dates of birth lock the account for an hour, except on the owner's own browsers (a valid
   * device token): there they count against that browser alone (docs/security.md#getting-back-in).
   */
  async signInWithPassword(body: unknown, address: string, deviceToken: string | undefined, userAgent?: string): Promise<WithDevice<AuthSession>> {
    const input = z.object({ email: z.string().max(320), password: z.string().max(200) }).safeParse(body);
    if (!input.success || !input.data.email || !input.data.password) {
      throw new AuthError(400, 'validation_failed', 'Email and date of birth are required');
    }
    await this.limit(this.windows.signinAddress, address, 'Too many sign-in attempts from this network. Please wait a minute and try again.');
    const email = input.data.email.trim().toLowerCase();
    const rows = await this.db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = $1`, [email]);
    const user = rows[0];
    const device = user ? this.devices.verify(deviceToken, user.id, user.password_hash) : null;
    const [failures, subject] = device ? [this.windows.deviceFailures, `${user?.id}:${device}`] : [this.windows.accountFailures, email];
    if (await isExhausted(this.db, failures, subject)) throw this.lockedOut(failures);

    const valid = await verifyPassword(input.data.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
    if (!user || !valid) {
      if (!(await hit(this.db, failures, subject))) throw this.lockedOut(failures);
      throw INVALID_CREDENTIALS;
    }
    await this.db.query('update users set last_sign_in_at = now() where id = $1', [user.id]);
    const session = await this.sessions.startSession({ ...user, last_sign_in_at: new Date() }, 'password', userAgent);
    return { result: session, device: this.devices.issue(user.id, user.password_hash, device ?? undefined) };
  }

  private lockedOut(window: Window): AuthError {
    const minutes = Math.ceil(secondsUntilWindowEnds(window) / 60);
    return tooManyRequests(
      window,
      `Too many failed sign-in attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your date of birth from the sign-in screen.`,
    );
  }

  private async limit(window: Window, subject: string, message: string): Promise<void> {
    if (!(await hit(this.db, window, subject))) throw tooManyRequests(window, message);
  }

  /**
   * Refresh tokens are single use. A token used again within the grace period (two tabs
   * refreshing at once) gets a fresh token for the same session; later reuse means the token
   * leaked, so the whole session is revoked.
   */
  async refresh(body: unknown, address: string): Promise<AuthSession> {
    const input = z.object({ refresh_token: z.string().min(1).max(200) }).safeParse(body);
    if (!input.success) throw new AuthError(400, 'validation_failed', 'A refresh token is required');
    await this.limit(this.windows.signinAddress, address, 'Too many requests from this network. Please wait a minute and try again.');
    const hash = sha256(input.data.refresh_token);
    const outcome = await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ session_id: string; user_id: string; used_at: Date | null; revoked_at: Date | null; idle: boolean }>(
        `select t.session_id, s.user_id, t.used_at, s.revoked_at,
                coalesce(s.refreshed_at, s.created_at) < now() - make_interval(days => $2::int) as idle
           from refresh_tokens t join auth_sessions s on s.id = t.session_id
          where t.token_hash = $1
          for update of t`,
        [hash, this.config.SESSION_IDLE_DAYS],
      );
      const row = rows[0];
      // A session nobody refreshed for SESSION_IDLE_DAYS has expired; the pruning deletes it.
      if (!row || row.revoked_at || row.idle) return { kind: 'invalid' as const };
      if (row.used_at && Date.now() - row.used_at.getTime() > this.config.REFRESH_TOKEN_REUSE_GRACE_SECONDS * 1000) {
        await tx.query('update auth_sessions set revoked_at = now() where id = $1', [row.session_id]);
        return { kind: 'reused' as const };
      }
      if (!row.used_at) await tx.query('update refresh_tokens set used_at = now() where token_hash = $1', [hash]);
      await tx.query('update auth_sessions set refreshed_at = now() where id = $1', [row.session_id]);
      const refreshToken = await this.sessions.addRefreshToken(tx, row.session_id);
      return { kind: 'ok' as const, userId: row.user_id, sessionId: row.session_id, refreshToken };
    });
    if (outcome.kind === 'reused') throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    if (outcome.kind === 'invalid') throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await this.sessions.findUserById(this.db, outcome.userId);
    return this.sessions.sessionFor(user, outcome.sessionId, outcome.refreshToken);
  }

  async getUser(claims: AccessClaims): Promise<AuthUser> {
    await this.requireLiveSession(claims);
    return this.sessions.authUser(await this.sessions.findUserById(this.db, claims.sub));
  }

  async updateUser(claims: AccessClaims, body: unknown): Promise<WithDevice<AuthUser>> {
    await this.requireLiveSession(claims);
    const input = z
      .object({
        data: z.unknown().optional(),
        password: z.string().max(200).optional(),
        current_password: z.string().max(200).optional(),
        email: z.string().max(320).nullish(),
        phone: z.string().max(64).nullish(),
      })
      .safeParse(body);
    if (!input.success) throw new AuthError(400, 'validation_failed', 'Nothing to update');
    const { data, password, email, phone } = input.data;
    // The product offers no e-mail change (the address is the account) and keeps no phone.
    if (email && email.trim().toLowerCase() !== claims.email.toLowerCase()) {
      throw new AuthError(422, 'validation_failed', 'The e-mail address of an account cannot be changed');
    }
    if (phone) throw new AuthError(422, 'validation_failed', 'An account has no phone number; the mobile number is profile data');
    await this.requireAssuranceToUpdate(claims, data !== undefined);
    const metadata = data === undefined ? null : userMetadataUpdateSchema.safeParse(data);
    if (metadata && !metadata.success) throw invalidUserData(metadata.error);
    const user = await this.sessions.findUserById(this.db, claims.sub);
    if (password !== undefined) {
      // Only a reset changes the date of birth, so its message speaks of the reset.
      const problem = dateOfBirthProblem(decodeDateOfBirth(password) ?? '', new Date(), 'reset');
      if (problem) throw new AuthError(422, 'validation_failed', problem);
      await this.credentialChange.requireProof(claims, user.password_hash, input.data.current_password);
    }
    if (metadata?.data) {
      const patch = metadata.data;
      await this.db.query(
        `update users set
           user_metadata = user_metadata || $2::jsonb,
           first_name = coalesce($3, first_name),
           last_name = coalesce($4, last_name),
           mobile = coalesce($5, mobile),
           updated_at = now()
         where id = $1`,
        [claims.sub, JSON.stringify(patch), patch.first_name ?? null, patch.last_name ?? null, patch.mobile_number ?? null],
      );
    }
    if (password === undefined) return { result: await this.sessions.authUser(await this.sessions.findUserById(this.db, claims.sub)), device: null };

    const hash = await hashPassword(password, this.config.PASSWORD_HASH_COST);
    await this.db.transaction(async (tx) => {
      await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [claims.sub, hash]);
      // A changed credential ends every other session: whoever knew the old one is out.
      await tx.query('update auth_sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [claims.sub, claims.session_id]);
    });
    // Sign-in failures counted against the old credential no longer say anything.
    await this.db.query(`delete from rate_limits where bucket = $1 and subject = $2`, [this.windows.accountFailures.bucket, claims.email.toLowerCase()]);
    const updated = await this.sessions.findUserById(this.db, claims.sub);
    // As the account is now: a language chosen in the same request already counts.
    await this.credentialChange.tellOwner(updated);
    // Every earlier device token was bound to the old credential; this browser keeps being trusted.
    return { result: await this.sessions.authUser(updated), device: this.devices.issue(updated.id, updated.password_hash) };
  }

  async logout(claims: AccessClaims, scope: string): Promise<void> {
    if (scope === 'local') {
      await this.db.query('update auth_sessions set revoked_at = now() where id = $1 and revoked_at is null', [claims.session_id]);
    } else if (scope === 'others') {
      await this.db.query('update auth_sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [
        claims.sub,
        claims.session_id,
      ]);
    } else {
      await this.db.query('update auth_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [claims.sub]);
    }
  }

  /**
   * Someone with a verified authenticator changes their account only from an aal2 session. One
   * exception: a session opened by the reset mail (amr "recovery") may set a new date of birth, as
   * the mail proves the address; everything else still waits for the code.
   */
  private async requireAssuranceToUpdate(claims: AccessClaims, changesMetadata: boolean): Promise<void> {
    const session = await sessionAssurance(this.db, claims.session_id, claims.sub);
    if (session?.aal === 'aal2' || !(await hasVerifiedFactor(this.db, claims.sub))) return;
    const fromResetMail = session?.amr.some((entry) => entry.method === 'recovery') ?? false;
    if (fromResetMail && !changesMetadata) return;
    throw new AuthError(403, 'insufficient_aal', 'Enter the code from your authenticator app before changing your account.');
  }

  /** Access tokens are checked without the database elsewhere; account screens also check revocation. */
  private async requireLiveSession(claims: AccessClaims): Promise<void> {
    const rows = await this.db.query<{ revoked_at: Date | null }>('select revoked_at from auth_sessions where id = $1', [claims.session_id]);
    if (!rows[0] || rows[0].revoked_at) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
}
