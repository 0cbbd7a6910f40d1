import { describe, expect, it } from 'vitest';
import type { BadgePublicKey } from '@mc/contract';
import { checkBadgeCode, type DoorKeys } from './badgeCode';

/** A door's check of a badge code (docs/product.md#door-check-in-screen), with a key made here as the server makes its own. */
const EVENT = 'event-2025';
const BADGE = '0b5c6a1e-8f0d-4b8e-9c4d-2a7e5f1b3c9d';

const encode = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const json = (value: unknown): string => encode(new TextEncoder().encode(JSON.stringify(value)));

async function keyPair(kid: string) {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const publicKey: BadgePublicKey = { kty: 'EC', crv: 'P-256', x: jwk.x ?? '', y: jwk.y ?? '', kid, alg: 'ES256' };
  return { privateKey: pair.privateKey, publicKey };
}

async function sign(privateKey: CryptoKey, header: Record<string, unknown>, payload: Record<string, unknown>): Promise<string> {
  const signed = `${json(header)}.${json(payload)}`;
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, privateKey, new TextEncoder().encode(signed));
  return `${signed}.${encode(new Uint8Array(signature))}`;
}

describe('a badge code checked on the door', async () => {
  const server = await keyPair('k1');
  const door: DoorKeys = { eventId: EVENT, keys: [server.publicKey] };
  const header = { alg: 'ES256', kid: 'k1', typ: 'mc-badge' };
  const good = await sign(server.privateKey, header, { b: BADGE, e: EVENT, v: 1 });

  it('accepts a code the server signed for this event', async () => {
    expect(await checkBadgeCode(good, door, new Set())).toEqual({ valid: true, payload: { b: BADGE, e: EVENT, v: 1 } });
  });

  it('refuses a replaced badge, another event, and anything not signed by the server', async () => {
    expect(await checkBadgeCode(good, door, new Set([BADGE]))).toEqual({ valid: false, reason: 'replaced' });
    expect(await checkBadgeCode(await sign(server.privateKey, header, { b: BADGE, e: 'other', v: 1 }), door, new Set())).toEqual({
      valid: false,
      reason: 'other_event',
    });
    const forger = await keyPair('k1');
    const malformed = { valid: false, reason: 'malformed' };
    expect(await checkBadgeCode(await sign(forger.privateKey, header, { b: BADGE, e: EVENT, v: 1 }), door, new Set())).toEqual(malformed);
    const [head, , signature] = good.split('.');
    expect(await checkBadgeCode(`${head}.${json({ b: BADGE, e: EVENT, v: 2 })}.${signature}`, door, new Set())).toEqual(malformed);
    expect(await checkBadgeCode(await sign(server.privateKey, { ...header, typ: 'JWT' }, { b: BADGE, e: EVENT, v: 1 }), door, new Set())).toEqual(malformed);
    expect(await checkBadgeCode(await sign(server.privateKey, { ...header, kid: 'k2' }, { b: BADGE, e: EVENT, v: 1 }), door, new Set())).toEqual(malformed);
    expect(await checkBadgeCode('https://example.org/not-a-badge', door, new Set())).toEqual(malformed);
    expect(await checkBadgeCode('a'.repeat(2000), door, new Set())).toEqual(malformed);
  });
});
