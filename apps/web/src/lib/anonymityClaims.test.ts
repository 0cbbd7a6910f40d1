import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { decodeJwtPayload, readAnonymityClaims } from './anonymityClaims';

function token(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'ES256' })}.${encode(claims)}.signature`;
}

function session(claims: Record<string, unknown>, userMetadata: Record<string, unknown> = {}): Session {
  return {
    access_token: token(claims),
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id: 'u', app_metadata: {}, user_metadata: userMetadata, aud: 'authenticated', created_at: '' },
  };
}

describe('anonymity claims', () => {
  it('decodes a base64url payload with non-ASCII text', () => {
    expect(decodeJwtPayload(token({ name: 'Maqāşid' }))).toEqual({ name: 'Maqāşid' });
    expect(decodeJwtPayload('garbage')).toBeNull();
  });

  it('reads the flags at top level', () => {
    const claims = readAnonymityClaims(session({ anonymity_choice_made: true, is_anonymous: true, anonymous_guid: 'g' }));
    expect(claims).toMatchObject({ anonymity_choice_made: true, is_anonymous: true, anonymous_guid: 'g' });
  });

  it('reads the flags under user_metadata of the token', () => {
    const claims = readAnonymityClaims(session({ user_metadata: { anonymity_choice_made: true, is_anonymous: false } }));
    expect(claims).toMatchObject({ anonymity_choice_made: true, is_anonymous: false });
  });

  it('prefers the fresher session user metadata, and is null when no choice is recorded', () => {
    const fresh = readAnonymityClaims(session({ user_metadata: {} }, { anonymity_choice_made: true, is_anonymous: true, anonymous_guid: 'x' }));
    expect(fresh).toMatchObject({ anonymous_guid: 'x' });
    expect(readAnonymityClaims(session({ sub: 'u' }))).toBeNull();
  });
});
