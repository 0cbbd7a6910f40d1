/**
 * Second factors (TOTP): what the server and the web app agree on beyond supabase-js's own
 * `auth.mfa` shapes.
 */

/**
 * The `hint` of a procedure refused because the session has not entered a code yet (403, 42501):
 * the web app answers it with the code prompt rather than an error.
 */
export const AAL2_REQUIRED_HINT = 'aal2_required';

export const AAL2_REQUIRED_MESSAGE = 'Enter the code from your authenticator app to continue.';

/** The `hint` of an organiser call refused because the organiser has no authenticator yet (403, 42501). */
export const MFA_ENROLMENT_REQUIRED_HINT = 'mfa_enrolment_required';

export const ORGANISER_MFA_MESSAGES = {
  enrol: 'Organisers must turn on two-step sign-in before using the organiser console.',
  code: 'Enter the code from your authenticator app to use the organiser console.',
  resetSelf: 'You cannot reset your own two-step sign-in here. Turn it off from My Role Profile instead.',
} as const;

export const RECOVERY_CODE_TOTAL = 10;

export interface RecoveryCodes {
  codes: string[];
}

export interface RecoveryCodeStatus {
  remaining: number;
}
