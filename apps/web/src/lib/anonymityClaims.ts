import type { Session } from '@supabase/supabase-js';
import { clearAnonymityChoice, storeAnonymityChoice } from './storage';

export interface AnonymityClaims {
  is_anonymous?: unknown;
  anonymity_choice_made?: unknown;
  anonymous_guid?: unknown;
}

type ClaimBag = Record<string, unknown>;

const isBag = (value: unknown): value is ClaimBag => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The payload of a JWT, unverified: only used to read display flags, never to decide access. */
export function decodeJwtPayload(token: string): ClaimBag | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isBag(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The anonymity fields (docs/product.md#data), from wherever they are: top-level claims, the token's
 * user_metadata, or the session's user metadata (fresher than the token right after updateUser).
 * All three are taken from the first place that says whether the choice was made.
 */
export function readAnonymityClaims(session: Session): AnonymityClaims | null {
  const claims = decodeJwtPayload(session.access_token);
  const sources: ClaimBag[] = [];
  if (isBag(session.user.user_metadata)) sources.push(session.user.user_metadata);
  if (claims) {
    sources.push(claims);
    if (isBag(claims.user_metadata)) sources.push(claims.user_metadata);
  }
  return sources.find((source) => 'anonymity_choice_made' in source) ?? null;
}

/** docs/product.md#sign-in-and-sessions: store the three flags when the choice was made, otherwise remove all three. */
export function syncAnonymityFlags(session: Session): void {
  const claims = readAnonymityClaims(session);
  if (claims?.anonymity_choice_made === true) {
    storeAnonymityChoice({
      isAnonymous: claims.is_anonymous === true,
      anonymousGuid: typeof claims.anonymous_guid === 'string' && claims.anonymous_guid ? claims.anonymous_guid : null,
    });
  } else {
    clearAnonymityChoice();
  }
}
