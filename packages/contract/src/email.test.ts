import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { isValidEmailAddress } from './email.ts';
import { ACCEPTED_EMAILS, REFUSED_EMAILS } from './email-samples.ts';
import { firstSignupError } from './signup.ts';
import { SIGNUP_MESSAGES } from './messages.ts';

describe('the e-mail address rule', () => {
  it('refuses everything a mail program reads as another, several or no recipient', () => {
    for (const email of REFUSED_EMAILS) expect(isValidEmailAddress(email), JSON.stringify(email)).toBe(false);
  });

  it('accepts plus signs, subdomains, apostrophes and letters of any script', () => {
    for (const email of ACCEPTED_EMAILS) expect(isValidEmailAddress(email), email).toBe(true);
  });

  it('accepts only addresses the mailer reads as exactly that one recipient', () => {
    for (const email of ACCEPTED_EMAILS) {
      expect(addressparser(email, { flatten: true }), email).toEqual([{ address: email, name: '' }]);
    }
  });

  it('is the rule sign-up runs, with its message', () => {
    const fields = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-01-01', mobileNumber: '+27821234567' };
    expect(firstSignupError({ ...fields, email: 'ada+x@sub.mail.test' })).toBeNull();
    expect(firstSignupError({ ...fields, email: 'a,victim@mail.test' })).toBe(SIGNUP_MESSAGES.email);
  });
});
