import { MAX_AGE, MIN_AGE } from './constants.ts';
import { SIGNUP_MESSAGES } from './messages.ts';

/**
 * The date of birth acts as the password and travels encoded, never as typed: base64 of the ISO
 * date text, that string reversed, then a fixed suffix (docs/product.md#sign-in-and-sessions).
 * It is obfuscation, not protection: the server decodes it, checks it and keeps only a slow hash.
 */
export const CREDENTIAL_SUFFIX = '.mc25';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function encodeDateOfBirth(isoDate: string): string {
  const base64 = btoa(isoDate);
  return [...base64].reverse().join('') + CREDENTIAL_SUFFIX;
}

/** The ISO date inside an encoded credential, or null when it is not one. */
export function decodeDateOfBirth(credential: string): string | null {
  if (!credential.endsWith(CREDENTIAL_SUFFIX)) return null;
  const reversed = credential.slice(0, -CREDENTIAL_SUFFIX.length);
  let text: string;
  try {
    text = atob([...reversed].reverse().join(''));
  } catch {
    return null;
  }
  return ISO_DATE.test(text) && isRealDate(text) ? text : null;
}

function isRealDate(isoDate: string): boolean {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  // Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear takes the year as written.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years between an ISO birth date and today, from year, month and day (docs/product.md#sign-up-screen). */
export function ageOn(isoBirthDate: string, today: Date = new Date()): number {
  const [year, month, day] = isoBirthDate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - year;
  const beforeBirthday = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * The one rule for a date of birth, wherever one is given (sign-up and a new date after a reset, in
 * the browser and on the server): present, no more than MAX_AGE years ago, at least MIN_AGE years
 * ago (docs/product.md#sign-up-screen). The message to show, or null when the date is acceptable.
 */
export function dateOfBirthProblem(isoBirthDate: string, today: Date = new Date(), purpose: 'signup' | 'reset' = 'signup'): string | null {
  if (!isoBirthDate) return SIGNUP_MESSAGES.dateOfBirth;
  const age = ageOn(isoBirthDate, today);
  if (age > MAX_AGE) return SIGNUP_MESSAGES.dateOfBirthImplausible;
  if (age < MIN_AGE) return purpose === 'reset' ? SIGNUP_MESSAGES.ageOnReset : SIGNUP_MESSAGES.age;
  return null;
}
