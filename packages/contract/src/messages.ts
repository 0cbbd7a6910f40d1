import { MIN_AGE } from './constants.ts';

/**
 * SPEC §5 sign-in and sign-up messages with no zod attached, so the sign-in screen can show them
 * without downloading a validation library (the /signin page-weight budget).
 * signup.ts holds the same texts today; messages.test.ts keeps the two equal until it re-exports these.
 */
export const SIGNUP_MESSAGE_TEXTS = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  dateOfBirth: 'Date of birth is required',
  age: `You must be at least ${MIN_AGE} years old to register`,
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number',
} as const;

export const SIGNIN_MESSAGE_TEXTS = {
  email: 'Email is required',
  dateOfBirth: 'Date of birth is required',
} as const;
