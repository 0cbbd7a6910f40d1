import { BADGE_CODE_ALG, BADGE_CODE_MAX, BADGE_CODE_TYPE, type BadgeCodePayload, type BadgePublicKey, type CheckinInvalidReason } from '@mc/contract';

/**
 * A badge code checked on the door's own device (docs/product.md#check-in-at-the-door,
 * docs/decisions/053-scanning-badges-at-the-door.md): the compact JWS's ES256 signature against the
 * server's public keys the door keeps, the event, and the door's deny list of replaced badges.
 * WebCrypto only, so a door checks a code with no network at all; the server checks every scan
 * again when it arrives.
 */
export type BadgeCheck = { valid: true; payload: BadgeCodePayload } | { valid: false; reason: CheckinInvalidReason };

export interface DoorKeys {
  eventId: string;
  keys: readonly BadgePublicKey[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!BASE64URL.test(text)) return null;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

function jsonPart(text: string): Record<string, unknown> | null {
  const bytes = base64UrlBytes(text);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function payloadOf(part: Record<string, unknown>): BadgeCodePayload | null {
  const { b, e, v } = part;
  if (typeof b !== 'string' || !UUID.test(b) || typeof e !== 'string' || typeof v !== 'number' || !Number.isInteger(v) || v < 1) return null;
  return { b: b.toLowerCase(), e, v };
}

const importedKeys = new Map<string, Promise<CryptoKey>>();

function verifyingKey(key: BadgePublicKey): Promise<CryptoKey> {
  const id = `${key.kid}:${key.x}:${key.y}`;
  let imported = importedKeys.get(id);
  if (!imported) {
    imported = crypto.subtle.importKey('jwk', { kty: key.kty, crv: key.crv, x: key.x, y: key.y, ext: true }, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    importedKeys.set(id, imported);
  }
  return imported;
}

/** Reads and checks a code as the camera or a paste gave it; never throws. */
export async function checkBadgeCode(code: string, door: DoorKeys, replaced: ReadonlySet<string>): Promise<BadgeCheck> {
  const text = code.trim();
  const malformed: BadgeCheck = { valid: false, reason: 'malformed' };
  if (text.length === 0 || text.length > BADGE_CODE_MAX) return malformed;
  const parts = text.split('.');
  if (parts.length !== 3) return malformed;
  const [headerText = '', payloadText = '', signatureText = ''] = parts;
  const header = jsonPart(headerText);
  if (!header || header.alg !== BADGE_CODE_ALG || header.typ !== BADGE_CODE_TYPE || typeof header.kid !== 'string') return malformed;
  const key = door.keys.find((candidate) => candidate.kid === header.kid && candidate.kty === 'EC' && candidate.crv === 'P-256');
  const signature = base64UrlBytes(signatureText);
  const bodyPart = jsonPart(payloadText);
  const payload = bodyPart ? payloadOf(bodyPart) : null;
  if (!key || !signature || signature.length !== 64 || !payload) return malformed;
  try {
    const signed = new TextEncoder().encode(`${headerText}.${payloadText}`);
    const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, await verifyingKey(key), signature, signed);
    if (!ok) return malformed;
  } catch {
    return malformed;
  }
  if (payload.e !== door.eventId) return { valid: false, reason: 'other_event' };
  if (replaced.has(payload.b)) return { valid: false, reason: 'replaced' };
  return { valid: true, payload };
}
