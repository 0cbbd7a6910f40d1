import { randomUUID } from 'node:crypto';
import { z } from '@mc/contract/zod.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/db.ts';
import { sqlState } from '../db/db.ts';
import { coalescedLookup } from '../db/coalesced-lookup.ts';
import { AuthError } from '../http/errors.ts';
import type { SigningKeys } from './keys.ts';
import { hit, isExhausted, secondsUntilWindowEnds, tooManyRequests, type Window } from './rate-limit.ts';
import type { AccessClaims, Aal, AmrEntry } from './tokens.ts';
import {
  RECOVERY_CODE_COUNT,
  decryptSecret,
  encryptSecret,
  looksLikeRecoveryCode,
  looksLikeTotpCode,
  matchingTotpStep,
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeHash,
} from './totp.ts';

/** A factor as Supabase Auth lists it in `user.factors`. */
export interface WireFactor {
  id: string;
  friendly_name?: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
}

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  status: 'verified' | 'unverified';
  secret_ciphertext: string;
  created_at: Date;
  updated_at: Date;
}

export interface SessionAssurance {
  aal: Aal;
  amr: AmrEntry[];
}

/** A challenge answers one code within five minutes, as Supabase's do. */
const CHALLENGE_SECONDS = 300;
const MAX_VERIFIED_FACTORS = 10;

/** Ids in paths are uuids; anything else finds nothing rather than failing in the database. */
const NO_SUCH_ID = '00000000-0000-0000-0000-000000000000';
const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export const MFA_MESSAGES = {
  wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  usedCode: 'That code has already been used. Wait for the next code and enter it.',
  wrongRecoveryCode: 'That recovery code is not valid or has already been used.',
  codeShape: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  enrolWithTotp: 'Enter the 6-digit code from your authenticator app to finish setting it up.',
  challengeExpired: 'This code request has expired. Please try again.',
  unreadableSecret: "This authenticator can no longer be checked because the server's key changed. Use a recovery code, then set up your authenticator again.",
} as const;

export async function factorsOf(db: Queryable, userId: string): Promise<WireFactor[]> {
  const rows = await db.query<Omit<FactorRow, 'secret_ciphertext' | 'user_id'>>(
    'select id, friendly_name, status, created_at, updated_at from mfa_factors where user_id = $1 order by created_at',
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    factor_type: 'totp',
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(`select exists (select 1 from mfa_factors where user_id = $1 and status = 'verified') as found`, [userId]);
  return rows[0]?.found === true;
}

/**
 * The same question as hasVerifiedFactor, asked by every signed-in call: the calls of one moment
 * share one query (db/coalesced-lookup.ts), so a spike of calls does not add a round trip each.
 * Outside any transaction only.
 */
export function hasVerifiedFactorNow(db: Db, userId: string): Promise<boolean> {
  return coalescedLookup(db, 'verified factor', async (userIds) => {
    // The ids come back as they were asked (any spelling PostgreSQL reads as the same uuid).
    const rows = await db.query<{ asked: string }>(
      `select asked from unnest($1::text[]) as asked where exists (select 1 from mfa_factors where user_id = asked::uuid and status = 'verified')`,
      [userIds],
    );
    return new Set(rows.map((row) => row.asked));
  }).has(userId);
}

/** The session's assurance as the database has it now (a reset or unenrolment lowers it at once). */
export async function sessionAssurance(db: Queryable, sessionId: string, userId: string): Promise<SessionAssurance | null> {
  const rows = await db.query<{ aal: Aal; amr: AmrEntry[] }>('select aal, amr from auth_sessions where id = $1 and user_id = $2 and revoked_at is null', [
    sessionId,
    userId,
  ]);
  const row = rows[0];
  return row ? { aal: row.aal, amr: row.amr } : null;
}

/** Adds a method at the front, replacing an older entry of the same method. */
export function withMethod(amr: readonly AmrEntry[], method: string, timestamp = Math.floor(Date.now() / 1000)): AmrEntry[] {
  return [{ method, timestamp }, ...amr.filter((entry) => entry.method !== method)];
}

const SECOND_FACTOR_METHODS = new Set(['totp', 'recovery_code']);

/**
 * Removes every factor and recovery code of a person and lowers their sessions to aal1: what an
 * organiser or the CLI does for someone who lost their authenticator. Returns the factors removed.
 * Runs in the caller's transaction, so an audit entry can be written with it.
 */
export async function resetFactorsIn(tx: Queryable, userId: string): Promise<number> {
  await lowerSessions(tx, 'user_id = $1', [userId]);
  await tx.query('delete from mfa_recovery_codes where user_id = $1', [userId]);
  const removed = await tx.query<{ id: string }>('delete from mfa_factors where user_id = $1 returning id', [userId]);
  return removed.length;
}

export async function resetFactors(db: Db, userId: string): Promise<number> {
  return db.transaction((tx) => resetFactorsIn(tx, userId));
}

/**
 * Ten new recovery codes, replacing any earlier ones; shown once, only their hashes are kept.
 * Only an aal2 session of someone with a verified factor gets them (null otherwise).
 */
export async function createRecoveryCodes(db: Db, userId: string, sessionId: string): Promise<string[] | null> {
  const session = await sessionAssurance(db, sessionId, userId);
  if (session?.aal !== 'aal2' || !(await hasVerifiedFactor(db, userId))) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  await db.transaction(async (tx) => {
    await tx.query('delete from mfa_recovery_codes where user_id = $1', [userId]);
    await tx.query('insert into mfa_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [userId, codes.map(recoveryCodeHash)]);
  });
  return codes;
}

export async function unusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ count: number }>('select count(*)::int as count from mfa_recovery_codes where user_id = $1 and used_at is null', [userId]);
  return rows[0]?.count ?? 0;
}

async function lowerSessions(tx: Queryable, where: string, params: unknown[]): Promise<void> {
  const sessions = await tx.query<{ id: string; amr: AmrEntry[] }>(`select id, amr from auth_sessions where aal = 'aal2' and ${where}`, params);
  for (const session of sessions) {
    const amr = session.amr.filter((entry) => !SECOND_FACTOR_METHODS.has(entry.method));
    await tx.query(`update auth_sessions set aal = 'aal1', amr = $2, factor_id = null where id = $1`, [session.id, JSON.stringify(amr)]);
  }
}

/** What the verify endpoint needs from the session side: a new token pair for the raised session. */
export type IssueSession<S> = (userId: string, sessionId: string, refreshToken: string) => Promise<S>;

/**
 * The factor endpoints of Supabase Auth that supabase-js's `auth.mfa` calls: enrol, challenge,
 * verify and unenrol a TOTP factor. Recovery codes are ours: Supabase has none, and they travel in
 * the same `code` field of verify, so the unmodified client can send them.
 */
export class MfaService<S> {
  private readonly windows: Record<'factorFailures' | 'address', Window>;

  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly config: Config,
    private readonly issueSession: IssueSession<S>,
    private readonly newRefreshToken: (tx: Queryable, sessionId: string) => Promise<string>,
    /** Which code is current, and which hour its wrong attempts count in. */
    private readonly clock: Clock,
  ) {
    this.windows = {
      factorFailures: { bucket: 'mfa-failures:factor', seconds: 3600, limit: config.MFA_FAILURES_PER_FACTOR_PER_HOUR },
      address: { bucket: 'signin:address', seconds: 60, limit: config.SIGNIN_PER_ADDRESS_PER_MINUTE },
    };
  }

  async enroll(claims: AccessClaims, body: unknown): Promise<unknown> {
    const session = await this.liveSession(claims);
    const input = z
      .object({
        factor_type: z.string().max(20),
        friendly_name: z.string().trim().max(100).optional(),
        issuer: z.string().trim().max(100).optional(),
      })
      .safeParse(body ?? {});
    if (!input.success) throw new AuthError(400, 'validation_failed', 'Enrolment needs a factor_type');
    const { factor_type: type, friendly_name: friendlyName, issuer } = input.data;
    if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'Phone factors are not available; use an authenticator app (totp).');
    if (type === 'webauthn')
      throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'WebAuthn factors are not available; use an authenticator app (totp).');
    if (type !== 'totp') throw new AuthError(400, 'validation_failed', 'factor_type must be totp');
    if (session.aal !== 'aal2' && (await hasVerifiedFactor(this.db, claims.sub))) {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }

    const secret = newTotpSecret(issuer || this.config.PRODUCT_NAME, claims.email);
    const id = randomUUID();
    try {
      await this.db.transaction(async (tx) => {
        // Starting again replaces an enrolment that was never finished.
        await tx.query(`delete from mfa_factors where user_id = $1 and status = 'unverified'`, [claims.sub]);
        const counted = await tx.query<{ count: number }>(`select count(*)::int as count from mfa_factors where user_id = $1`, [claims.sub]);
        if ((counted[0]?.count ?? 0) >= MAX_VERIFIED_FACTORS) {
          throw new AuthError(422, 'too_many_enrolled_mfa_factors', `You can have at most ${MAX_VERIFIED_FACTORS} authenticators.`);
        }
        await tx.query('insert into mfa_factors (id, user_id, friendly_name, secret_ciphertext) values ($1, $2, $3, $4)', [
          id,
          claims.sub,
          friendlyName || null,
          encryptSecret(this.keys.secretsKey, secret.secret),
        ]);
      });
    } catch (error) {
      if (sqlState(error) === '23505') {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName ?? ''}" for this user already exists`);
      }
      throw error;
    }
    return {
      id,
      type: 'totp',
      ...(friendlyName ? { friendly_name: friendlyName } : {}),
      totp: { qr_code: secret.qrSvg, secret: secret.secret, uri: secret.uri },
    };
  }

  async challenge(claims: AccessClaims, factorId: string, address: string): Promise<{ id: string; type: 'totp'; expires_at: number }> {
    await this.liveSession(claims);
    await this.limitAddress(address);
    const factor = await this.ownFactor(claims.sub, factorId);
    const id = randomUUID();
    const expiresAt = Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS;
    await this.db.transaction(async (tx) => {
      await tx.query('delete from mfa_challenges where factor_id = $1 and expires_at < now()', [factor.id]);
      await tx.query('insert into mfa_challenges (id, factor_id, expires_at) values ($1, $2, to_timestamp($3))', [id, factor.id, expiresAt]);
    });
    return { id, type: 'totp', expires_at: expiresAt };
  }

  async verify(claims: AccessClaims, factorId: string, body: unknown, address: string): Promise<S> {
    const session = await this.liveSession(claims);
    const input = z.object({ challenge_id: z.string().max(100), code: z.string().max(100) }).safeParse(body ?? {});
    if (!input.success) throw new AuthError(400, 'validation_failed', 'Verification needs a challenge_id and a code');
    await this.limitAddress(address);
    const factor = await this.ownFactor(claims.sub, factorId);
    const code = input.data.code.trim();

    const challenges = await this.db.query<{ id: string; live: boolean }>(
      'select id, (expires_at > now() and verified_at is null) as live from mfa_challenges where id = $1 and factor_id = $2',
      [isUuid(input.data.challenge_id) ? input.data.challenge_id : NO_SUCH_ID, factor.id],
    );
    const challenge = challenges[0];
    if (!challenge) throw new AuthError(404, 'mfa_challenge_expired', MFA_MESSAGES.challengeExpired);
    if (!challenge.live) throw new AuthError(422, 'mfa_challenge_expired', MFA_MESSAGES.challengeExpired);

    let method: 'totp' | 'recovery_code';
    if (looksLikeTotpCode(code)) {
      await this.checkTotp(factor, code);
      method = 'totp';
    } else if (looksLikeRecoveryCode(code)) {
      if (factor.status !== 'verified') throw new AuthError(422, 'mfa_verification_failed', MFA_MESSAGES.enrolWithTotp);
      // Recovery codes carry about 59 bits each, so guessing them is hopeless; they are only limited
      // per address, never per account, so nobody can lock the owner out of them.
      const used = await this.db.query(
        'update mfa_recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning code_hash',
        [claims.sub, recoveryCodeHash(code)],
      );
      if (used.length === 0) throw new AuthError(422, 'mfa_verification_failed', MFA_MESSAGES.wrongRecoveryCode);
      method = 'recovery_code';
    } else {
      throw new AuthError(422, 'mfa_verification_failed', factor.status === 'verified' ? MFA_MESSAGES.codeShape : MFA_MESSAGES.enrolWithTotp);
    }

    const refreshToken = await this.db.transaction(async (tx) => {
      await tx.query('update mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      if (factor.status === 'unverified') await tx.query(`update mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      await tx.query(`update auth_sessions set aal = 'aal2', amr = $2, factor_id = $3 where id = $1`, [
        claims.session_id,
        JSON.stringify(withMethod(session.amr, method)),
        factor.id,
      ]);
      // The session's earlier refresh tokens were handed out at aal1; the new pair replaces them.
      await tx.query('update refresh_tokens set used_at = now() where session_id = $1 and used_at is null', [claims.session_id]);
      return this.newRefreshToken(tx, claims.session_id);
    });
    return this.issueSession(claims.sub, claims.session_id, refreshToken);
  }

  async unenroll(claims: AccessClaims, factorId: string): Promise<{ id: string }> {
    const session = await this.liveSession(claims);
    const factor = await this.ownFactor(claims.sub, factorId);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to unenroll a verified factor');
    }
    await this.db.transaction(async (tx) => {
      await lowerSessions(tx, 'factor_id = $1', [factor.id]);
      await tx.query('delete from mfa_factors where id = $1', [factor.id]);
      const left = await tx.query<{ found: boolean }>(`select exists (select 1 from mfa_factors where user_id = $1 and status = 'verified') as found`, [
        claims.sub,
      ]);
      // Without an authenticator there is nothing for recovery codes to stand in for.
      if (!left[0]?.found) await tx.query('delete from mfa_recovery_codes where user_id = $1', [claims.sub]);
    });
    return { id: factor.id };
  }

  private async checkTotp(factor: FactorRow, code: string): Promise<void> {
    const failures = this.windows.factorFailures;
    const now = this.clock.now();
    if (await isExhausted(this.db, failures, factor.id, now)) throw this.tooManyWrongCodes(factor, now);
    const secret = decryptSecret(this.keys.secretsKey, factor.secret_ciphertext);
    if (secret === null) throw new AuthError(422, 'mfa_verification_rejected', MFA_MESSAGES.unreadableSecret);
    const step = matchingTotpStep(secret, code, now);
    if (step === null) {
      if (!(await hit(this.db, failures, factor.id, now))) throw this.tooManyWrongCodes(factor, now);
      throw new AuthError(422, 'mfa_verification_failed', MFA_MESSAGES.wrongCode);
    }
    // One statement decides, so two requests racing with the same code cannot both pass.
    const accepted = await this.db.query(
      'update mfa_factors set last_used_counter = $2 where id = $1 and (last_used_counter is null or last_used_counter < $2) returning id',
      [factor.id, step],
    );
    if (accepted.length === 0) throw new AuthError(422, 'mfa_verification_failed', MFA_MESSAGES.usedCode);
    await this.db.query('delete from rate_limits where bucket = $1 and subject = $2', [failures.bucket, factor.id]);
  }

  private tooManyWrongCodes(factor: FactorRow, now: number): AuthError {
    const minutes = Math.ceil(secondsUntilWindowEnds(this.windows.factorFailures, now) / 60);
    const wait = `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
    return tooManyRequests(
      this.windows.factorFailures,
      factor.status === 'verified'
        ? `Too many wrong codes for this authenticator. ${wait}, or use one of your recovery codes.`
        : `Too many wrong codes. ${wait}.`,
      now,
    );
  }

  private async limitAddress(address: string): Promise<void> {
    if (!(await hit(this.db, this.windows.address, address))) {
      throw tooManyRequests(this.windows.address, 'Too many requests from this network. Please wait a minute and try again.');
    }
  }

  private async liveSession(claims: AccessClaims): Promise<SessionAssurance> {
    const session = await sessionAssurance(this.db, claims.session_id, claims.sub);
    if (!session) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    return session;
  }

  private async ownFactor(userId: string, factorId: string): Promise<FactorRow> {
    const rows = await this.db.query<FactorRow>(
      'select id, user_id, friendly_name, status, secret_ciphertext, created_at, updated_at from mfa_factors where id = $1 and user_id = $2',
      [isUuid(factorId) ? factorId : NO_SUCH_ID, userId],
    );
    const factor = rows[0];
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }
}
