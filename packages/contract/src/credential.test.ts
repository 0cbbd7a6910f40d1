import { describe, expect, it } from 'vitest';
import { MAX_AGE, MIN_AGE } from './constants.ts';
import { dateOfBirthProblem, decodeDateOfBirth, encodeDateOfBirth } from './credential.ts';
import { SIGNUP_MESSAGES } from './messages.ts';
import { firstSignupError } from './signup.ts';

/** A local date as the date input writes it, `years` years before `today` (plus `days`). */
function yearsBefore(today: Date, years: number, days = 0): string {
  const date = new Date(today);
  date.setFullYear(date.getFullYear() - years);
  date.setDate(date.getDate() + days);
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('the date-of-birth rule', () => {
  const today = new Date(2026, 10, 23);

  it('refuses a date more than MAX_AGE years ago with its own message, early years included', () => {
    expect(MAX_AGE).toBe(120);
    for (const date of ['0001-01-01', '0099-12-31', '0100-01-01', '1000-01-01', '1800-06-15', yearsBefore(today, MAX_AGE + 1)]) {
      expect(dateOfBirthProblem(date, today), date).toBe('Please check your date of birth: it cannot be more than 120 years ago');
    }
    // Exactly MAX_AGE today, and one day short of MAX_AGE + 1, are still accepted.
    expect(dateOfBirthProblem(yearsBefore(today, MAX_AGE), today)).toBeNull();
    expect(dateOfBirthProblem(yearsBefore(today, MAX_AGE + 1, 1), today)).toBeNull();
  });

  it('keeps the other date messages: empty, and younger than MIN_AGE', () => {
    expect(dateOfBirthProblem('', today)).toBe(SIGNUP_MESSAGES.dateOfBirth);
    expect(dateOfBirthProblem(yearsBefore(today, MIN_AGE, 1), today)).toBe(SIGNUP_MESSAGES.age);
    expect(dateOfBirthProblem(yearsBefore(today, MIN_AGE), today)).toBeNull();
    expect(dateOfBirthProblem('1990-05-17', today)).toBeNull();
  });

  it('is the rule sign-up applies, in its place in the order', () => {
    const fields = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', mobileNumber: '+27821234567' };
    expect(firstSignupError({ ...fields, dateOfBirth: '1000-01-01' }, today)).toBe(SIGNUP_MESSAGES.dateOfBirthImplausible);
    expect(firstSignupError({ ...fields, email: 'not-an-email', dateOfBirth: '1000-01-01' }, today)).toBe(SIGNUP_MESSAGES.email);
    expect(firstSignupError({ ...fields, dateOfBirth: '1990-05-17' }, today)).toBeNull();
  });

  it('decodes years 0001 to 0099 as written, so they meet the age rule rather than look like no date', () => {
    expect(decodeDateOfBirth(encodeDateOfBirth('0050-02-28'))).toBe('0050-02-28');
    expect(decodeDateOfBirth(encodeDateOfBirth('0001-01-01'))).toBe('0001-01-01');
    expect(decodeDateOfBirth(encodeDateOfBirth('0050-02-30'))).toBeNull();
    expect(decodeDateOfBirth(encodeDateOfBirth('2023-02-29'))).toBeNull();
    expect(decodeDateOfBirth(encodeDateOfBirth('2024-02-29'))).toBe('2024-02-29');
  });
});
