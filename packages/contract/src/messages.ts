import { MAX_AGE, MIN_AGE } from './constants.ts';

/**
 * The sign-in and sign-up messages, in the order the sign-up checks run
 * (docs/product.md#sign-in-screen, #sign-up-screen). They live apart from signup.ts (which needs
 * zod) so the sign-in screen can show them without downloading a validation library (the /signin
 * page-weight budget, docs/decisions/009-sign-in-page-budget.md).
 */
export const SIGNUP_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  dateOfBirth: 'Date of birth is required',
  dateOfBirthImplausible: `Please check your date of birth: it cannot be more than ${MAX_AGE} years ago`,
  age: `You must be at least ${MIN_AGE} years old to register`,
  /** The same rule for a new date of birth chosen after a reset, said for the reset. */
  ageOnReset: `Your date of birth must make you at least ${MIN_AGE} years old`,
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number',
} as const;

export const SIGNIN_MESSAGES = {
  email: 'Email is required',
  dateOfBirth: 'Date of birth is required',
} as const;
