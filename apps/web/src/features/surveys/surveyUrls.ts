import { CONSENT_ANONYMOUS, CONSENT_SHARE } from '@mc/contract';

/**
 * docs/product.md#survey-links: the prefilled links to the two survey forms. Pure functions of
 * their inputs (no storage, no config, no clock), so every case is unit-tested in surveyUrls.test.ts.
 */

/** What the surveys may be prefilled with about a person who chose to share (the app user). */
export interface SurveyPerson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
}

/** The anonymity choice as stored locally or read from the claims. */
export interface SurveyAnonymity {
  isAnonymous: boolean;
  anonymousGuid: string | null;
}

interface SurveyUrlBase {
  /** The configured form URL; may be relative to the app (the built-in demo form) or absolute. */
  baseUrl: string;
  /** The app's origin, against which a relative base URL is resolved. */
  origin: string;
}

/** The form with only embedded=true: no choice made, or prefilling failed. */
export function baseSurveyUrl({ baseUrl, origin }: SurveyUrlBase): string {
  try {
    const url = new URL(baseUrl, origin);
    url.searchParams.set('embedded', 'true');
    return url.toString();
  } catch {
    return `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}embedded=true`;
  }
}

function prefilled({ baseUrl, origin }: SurveyUrlBase, answers: [string, string][]): string {
  const url = new URL(baseUrl, origin);
  for (const [key, value] of answers) url.searchParams.set(key, value);
  url.searchParams.set('usp', 'pp_url');
  url.searchParams.set('embedded', 'true');
  return url.toString();
}

/** An anonymous answer: the guid is the only identity the form receives. */
export function anonymousSurveyUrl(base: SurveyUrlBase, guid: string): string {
  return prefilled(base, [
    ['user_id', guid],
    ['consent_choice', CONSENT_ANONYMOUS],
  ]);
}

/** A shared answer: user id, name, e-mail and mobile, with the sharing consent text. */
export function sharedSurveyUrl(base: SurveyUrlBase, person: SurveyPerson): string {
  return prefilled(base, [
    ['user_id', person.id],
    ['name', `${person.first_name} ${person.last_name}`.trim()],
    ['email', person.email],
    ['mobile', person.mobile],
    ['consent_choice', CONSENT_SHARE],
  ]);
}

export interface PreSurveyUrlInput extends SurveyUrlBase {
  /** A prefilled link handed over in navigation state (from Open Survey), if any. */
  stateUrl?: string | null | undefined;
  /** The anonymity choice, or null when none was made. */
  choice: SurveyAnonymity | null;
  person: SurveyPerson | null;
}

/**
 * Pre-conference: the link from navigation state if given; else, with a choice made, the
 * anonymous link (guid only) or the prefilled one; with no choice (or nothing to prefill), the base.
 */
export function preSurveyUrl({ stateUrl, choice, person, ...base }: PreSurveyUrlInput): string {
  if (stateUrl && isSurveyUrlFor(base, stateUrl)) return stateUrl;
  try {
    if (choice?.isAnonymous && choice.anonymousGuid) return anonymousSurveyUrl(base, choice.anonymousGuid);
    if (choice && !choice.isAnonymous && person) return sharedSurveyUrl(base, person);
  } catch (error) {
    console.warn('Could not prefill the pre-conference survey link', error);
  }
  return baseSurveyUrl(base);
}

export interface PostSurveyUrlInput extends SurveyUrlBase {
  choice: SurveyAnonymity | null;
  person: SurveyPerson | null;
  /** Makes an id for an anonymous person who has no stored guid. */
  newGuid: () => string;
}

/**
 * Post-conference: always prefilled with consent_choice and user_id. An anonymous person
 * gets the anonymous text and their guid (or a new one); anyone else shares id, name, e-mail and
 * mobile. When that fails (no app user to prefill from, a malformed base URL) the base link is used.
 */
export function postSurveyUrl({ choice, person, newGuid, ...base }: PostSurveyUrlInput): string {
  try {
    if (choice?.isAnonymous) return anonymousSurveyUrl(base, choice.anonymousGuid ?? newGuid());
    if (person) return sharedSurveyUrl(base, person);
  } catch (error) {
    console.warn('Could not prefill the post-conference survey link', error);
  }
  return baseSurveyUrl(base);
}

/**
 * Whether a link handed over in navigation state points at the configured form (same origin and
 * path), so nothing else can be put into the survey frame.
 */
export function isSurveyUrlFor({ baseUrl, origin }: SurveyUrlBase, candidate: string): boolean {
  try {
    const expected = new URL(baseUrl, origin);
    const actual = new URL(candidate, origin);
    return actual.origin === expected.origin && actual.pathname === expected.pathname;
  } catch {
    return false;
  }
}

/** A random v4 UUID, also where crypto.randomUUID is missing (plain-http origins other than localhost). */
export function newGuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
