import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import { Secret, TOTP } from 'otpauth';
import type * as QRCode from 'qrcode';
import { sha256 } from './tokens.ts';

/** RFC 6238 as every authenticator app expects by default: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** One step either side of now: a phone's clock a little off, or a code typed as it rolled over. */
const DRIFT_STEPS = 1;

export interface NewTotpSecret {
  /** Base32, as people type it into an authenticator app. */
  secret: string;
  /** The otpauth:// URI the QR code encodes. */
  uri: string;
  /** The QR code as SVG markup, safe to put after `data:image/svg+xml;utf-8,` unescaped. */
  qrSvg: string;
}

export function newTotpSecret(issuer: string, accountName: string): NewTotpSecret {
  // 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({ ...TOTP_SETTINGS, issuer, label: accountName, secret });
  const uri = totp.toString();
  return { secret: secret.base32, uri, qrSvg: qrCodeSvg(uri) };
}

/**
 * The 30-second step a code belongs to, or null when it is not a current code. otpauth compares
 * each candidate in constant time; the caller refuses a step already used, so no code works twice.
 */
export function matchingTotpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secretBase32) });
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * A QR code drawn as one SVG path of dark squares. supabase-js hands it to the page as
 * `data:image/svg+xml;utf-8,<svg…>` without escaping, so the markup avoids `#` and `%`.
 */
/** The QR code library, loaded when someone first sets up an authenticator rather than at every start. */
let qrCodeModule: typeof QRCode | undefined;
function qrCodes(): typeof QRCode {
  return (qrCodeModule ??= createRequire(import.meta.url)('qrcode') as typeof QRCode);
}

function qrCodeSvg(text: string): string {
  const { modules } = qrCodes().create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = modules.size + quiet * 2;
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="white"/><path d="${path}" fill="black"/></svg>`;
}

// ---- Secrets at rest ----

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", each part base64url. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext, or null when the text was sealed with another key (the signing key changed). */
export function decryptSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ---- Recovery codes ----

export const RECOVERY_CODE_COUNT = 10;

/** No 0/o, 1/l/i: codes are copied by hand from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 12;

/** Twelve characters from 31 (about 59 bits), shown as "xxxx-xxxx-xxxx". */
export function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** What is stored and compared: lower case, without spaces or dashes, then SHA-256. */
export function recoveryCodeHash(code: string): string {
  return sha256(normaliseRecoveryCode(code));
}

export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  const normalised = normaliseRecoveryCode(code);
  return normalised.length === RECOVERY_CODE_LENGTH && [...normalised].every((char) => RECOVERY_ALPHABET.includes(char));
}

export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
