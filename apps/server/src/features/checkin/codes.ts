import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';
import { BADGE_CODE_ALG, BADGE_CODE_MAX, BADGE_CODE_TYPE, type BadgeCodePayload, type CheckinInvalidReason } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';

/*
 * Badge codes (docs/decisions/052-badge-codes-and-badge-pdfs.md): a compact JWS signed ES256 with
 * the server's signing key, header { alg: 'ES256', kid, typ: 'mc-badge' }, payload { b, e, v }.
 * No expiry: a badge is good for the event until its owner replaces it or deletes the account,
 * which the revoked_badges list (and every door's copy of it) says.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function signBadgeCode(keys: SigningKeys, payload: BadgeCodePayload): Promise<string> {
  // Keys in a fixed order, so the same badge always has the same code (the QR does not change on every look).
  const body = JSON.stringify({ b: payload.b, e: payload.e, v: payload.v });
  return new CompactSign(encoder.encode(body)).setProtectedHeader({ alg: BADGE_CODE_ALG, kid: keys.kid, typ: BADGE_CODE_TYPE }).sign(keys.privateKey);
}

export type VerifiedBadgeCode = { ok: true; payload: BadgeCodePayload } | { ok: false; reason: Extract<CheckinInvalidReason, 'malformed' | 'other_event'> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * Whether `code` is a badge code this server signed for `eventId`. Its length is checked before
 * anything parses it; then its shape, header (typ, alg, kid), signature and payload. Never throws:
 * whatever a camera read answers malformed or other_event.
 */
export async function verifyBadgeCode(keys: SigningKeys, eventId: string, code: string): Promise<VerifiedBadgeCode> {
  const text = code.trim();
  if (text.length === 0 || text.length > BADGE_CODE_MAX || !COMPACT_JWS.test(text)) return { ok: false, reason: 'malformed' };
  try {
    const header = decodeProtectedHeader(text);
    if (header.typ !== BADGE_CODE_TYPE || header.alg !== BADGE_CODE_ALG || header.kid !== keys.kid) return { ok: false, reason: 'malformed' };
    const { payload } = await compactVerify(text, keys.publicKey, { algorithms: [BADGE_CODE_ALG] });
    const claims = JSON.parse(decoder.decode(payload)) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return { ok: false, reason: 'malformed' };
    const { b, e, v } = claims as Record<string, unknown>;
    if (typeof b !== 'string' || !UUID.test(b) || typeof e !== 'string' || typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
      return { ok: false, reason: 'malformed' };
    }
    if (e !== eventId) return { ok: false, reason: 'other_event' };
    return { ok: true, payload: { b: b.toLowerCase(), e, v } };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
