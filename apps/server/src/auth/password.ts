import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Slow hashing for the credential (the encoded date of birth). scrypt with N=2^15 costs ~32 MiB
 * and tens of milliseconds per guess; with per-account throttling that makes guessing one of the
 * ~36,500 possible birth dates impractical. Parameters are stored with each hash so they can grow.
 */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const PARAMS = { r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * A new hash at scrypt's N = 2^cost: the server's PASSWORD_HASH_COST, 15 unless the test suites
 * lower it (apps/server/test/harness.ts), so the hundreds of people they sign up cost them little.
 */
export async function hashPassword(secret: string, cost: number = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: 2 ** cost, ...PARAMS };
  const key = await derive(secret, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(secret, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random secret, used so unknown e-mails cost the same time as known ones. */
export const DUMMY_HASH_PROMISE: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
