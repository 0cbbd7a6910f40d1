import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SigningKeys } from './keys.ts';
import { sha256 } from './tokens.ts';

/** The cookie that marks a browser as its owner's (docs/security.md#getting-back-in). */
export const DEVICE_COOKIE = 'mc_device';
const MAX_AGE_SECONDS = 365 * 24 * 3600;
const MAC_BYTES = 16;

/**
 * A browser that signed in with the right date of birth, or opened a reset link, gets a device
 * token: a random id and an HMAC over the id, the account and the current credential's hash. Wrong
 * dates from a browser without one count against the account; from a browser with one they count
 * against that browser alone, so nobody who guesses elsewhere can keep the owner out of their own
 * devices. A new date of birth makes every earlier token worthless. Nothing is stored.
 */
export class TrustedDevices {
  private readonly key: Buffer;

  constructor(
    keys: SigningKeys,
    private readonly secure: boolean,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', keys.secretsKey, 'mission-control', 'trusted-devices-v1', 32));
  }

  /** A token for this browser (keeping its id when it has one) bound to the account's current credential. */
  issue(userId: string, passwordHash: string, deviceId: string = randomBytes(16).toString('base64url')): string {
    return `${deviceId}.${this.mac(deviceId, userId, passwordHash).toString('base64url')}`;
  }

  /** The browser's id when its token is valid for this account and credential, else null. */
  verify(token: string | undefined, userId: string, passwordHash: string): string | null {
    const [deviceId, mac, extra] = token?.split('.') ?? [];
    if (!deviceId || !mac || extra !== undefined || !/^[\w-]{16,64}$/.test(deviceId)) return null;
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(deviceId, userId, passwordHash);
    return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
  }

  /** The Set-Cookie value: only sent back to the auth API, never readable by scripts. */
  cookie(token: string): string {
    return `${DEVICE_COOKIE}=${token}; Path=/auth/v1; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${this.secure ? '; Secure' : ''}`;
  }

  private mac(deviceId: string, userId: string, passwordHash: string): Buffer {
    return createHmac('sha256', this.key)
      .update(`${deviceId}\n${userId}\n${sha256(passwordHash)}`)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}

/** The device token in a Cookie header, if any. */
export function deviceTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}
