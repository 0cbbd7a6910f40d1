import { z } from './zod.ts';
import { LANGUAGE_CODES, MIN_MOBILE_LENGTH, SHORT_TEXT_MAX } from './constants.ts';
import { dateOfBirthProblem } from './credential.ts';
import { isValidEmailAddress } from './email.ts';
import { SIGNUP_MESSAGES } from './messages.ts';

export { SIGNIN_MESSAGES, SIGNUP_MESSAGES } from './messages.ts';
export { EMAIL_MAX, isValidEmailAddress } from './email.ts';

const MOBILE_MAX = 20;

/**
 * A mobile number as the app stores it: "+", the dial code and the number, MIN_MOBILE_LENGTH to
 * MOBILE_MAX characters (9 to 19 digits). Sign-up, register_user_profile and a metadata update all
 * check this one rule.
 */
export function isValidMobileNumber(value: string): boolean {
  return value.length >= MIN_MOBILE_LENGTH && value.length <= MOBILE_MAX && /^\+\d+$/.test(value);
}

export interface SignupFields {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO date "YYYY-MM-DD", or "" when not given. */
  dateOfBirth: string;
  /** Full international value: dial code plus digits, e.g. "+27821234567". */
  mobileNumber: string;
}

/**
 * The first broken sign-up rule's message, or null when every rule holds.
 * The browser and the server run this same function, so the order and texts cannot drift.
 */
export function firstSignupError(fields: SignupFields, today: Date = new Date()): string | null {
  if (!fields.firstName.trim() || fields.firstName.length > SHORT_TEXT_MAX) return SIGNUP_MESSAGES.firstName;
  if (!fields.lastName.trim() || fields.lastName.length > SHORT_TEXT_MAX) return SIGNUP_MESSAGES.lastName;
  if (!isValidEmailAddress(fields.email)) return SIGNUP_MESSAGES.email;
  const dateProblem = dateOfBirthProblem(fields.dateOfBirth, today);
  if (dateProblem) return dateProblem;
  if (!fields.mobileNumber) return SIGNUP_MESSAGES.mobileRequired;
  if (!isValidMobileNumber(fields.mobileNumber)) return SIGNUP_MESSAGES.mobileInvalid;
  return null;
}

/** The user metadata sent with sign-up (docs/product.md#sign-in-and-sessions), as the server accepts it. */
export const signupMetadataSchema = z.object({
  first_name: z.string().max(SHORT_TEXT_MAX),
  last_name: z.string().max(SHORT_TEXT_MAX),
  date_of_birth: z.string().max(100),
  mobile_number: z.string().max(MOBILE_MAX + 10),
  /** The interface language the person signed up in. */
  language: z.enum(LANGUAGE_CODES).optional(),
});
export type SignupMetadata = z.infer<typeof signupMetadataSchema>;
