import { useLingui } from '@lingui/react';
import { MAX_AGE, MIN_AGE } from '@mc/contract/constants.ts';
import { SIGNIN_MESSAGES, SIGNUP_MESSAGES } from '@mc/contract/messages.ts';

/**
 * The product's checks say what is wrong in English, in the contract the server shares; on screen
 * each is the catalogue's message under its id, with the same numbers.
 */
export const CHECK_MESSAGE_IDS: Readonly<Record<string, string>> = {
  [SIGNIN_MESSAGES.email]: 'error.emailRequired',
  // Sign-up says the same when the date is missing (SIGNUP_MESSAGES.dateOfBirth).
  [SIGNIN_MESSAGES.dateOfBirth]: 'error.dateOfBirthRequired',
  [SIGNUP_MESSAGES.firstName]: 'error.firstNameRequired',
  [SIGNUP_MESSAGES.lastName]: 'error.lastNameRequired',
  [SIGNUP_MESSAGES.email]: 'error.emailInvalid',
  [SIGNUP_MESSAGES.dateOfBirthImplausible]: 'error.dateOfBirthImplausible',
  [SIGNUP_MESSAGES.age]: 'error.tooYoung',
  [SIGNUP_MESSAGES.ageOnReset]: 'error.tooYoungOnReset',
  [SIGNUP_MESSAGES.mobileRequired]: 'error.mobileRequired',
  [SIGNUP_MESSAGES.mobileInvalid]: 'error.mobileInvalid',
};

/** The numbers the check messages name. */
export const CHECK_MESSAGE_VALUES = { minAge: MIN_AGE, maxAge: MAX_AGE };

/** A check's message in the interface's language; any other message (a server's answer) as it came. */
export function useCheckMessage(): (message: string) => string {
  const { _ } = useLingui();
  return (message) => {
    const id = CHECK_MESSAGE_IDS[message];
    return id ? _(id, CHECK_MESSAGE_VALUES) : message;
  };
}
