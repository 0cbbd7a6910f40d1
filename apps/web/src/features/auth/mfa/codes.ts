import { i18n } from '../../../i18n/i18n';

/**
 * Browser-side checks of what a person types, before anything is sent (the server checks again).
 * Each message is read when it is shown, so it is in the interface's language of that moment.
 */
export const CODE_MESSAGES = {
  totpShape: () => i18n._('mfa.code.totpShape'),
  recoveryShape: () => i18n._('mfa.code.recoveryShape'),
  failed: () => i18n._('mfa.code.failed'),
} as const;

export function isTotpCodeShaped(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export function isRecoveryCodeShaped(code: string): boolean {
  return code.replace(/[\s-]/g, '').length === 12;
}
