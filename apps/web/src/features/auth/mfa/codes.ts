/** Browser-side checks of what a person types, before anything is sent (the server checks again). */
export const CODE_MESSAGES = {
  totpShape: 'Enter the 6-digit code from your authenticator app.',
  recoveryShape: 'Enter a recovery code: twelve letters and digits, such as abcd-efgh-jkmn.',
  failed: 'The code could not be checked. Please try again.',
} as const;

export function isTotpCodeShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export function isRecoveryCodeShaped(code: string): boolean {
  return code.replace(/[\s-]/g, '').length === 12;
}
