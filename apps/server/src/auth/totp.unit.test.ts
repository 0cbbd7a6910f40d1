import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { looksLikeRecoveryCode, matchingTotpStep, newRecoveryCode, normaliseRecoveryCode } from './totp.ts';

// The clock is passed in: a code's time window is tested without waiting for it.
const SECRET = new Secret({ size: 20 }).base32;
const NOW = Date.UTC(2026, 10, 25, 12, 0, 10);
const STEP = Math.floor(NOW / 30_000);

function codeAt(timestamp: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(SECRET) }).generate({ timestamp });
}

describe('authenticator codes', () => {
  it('accept the current step and one either side, and name the step', () => {
    expect(matchingTotpStep(SECRET, codeAt(NOW), NOW)).toBe(STEP);
    expect(matchingTotpStep(SECRET, codeAt(NOW - 30_000), NOW)).toBe(STEP - 1);
    expect(matchingTotpStep(SECRET, codeAt(NOW + 30_000), NOW)).toBe(STEP + 1);
  });

  it('refuse a code two steps away', () => {
    expect(matchingTotpStep(SECRET, codeAt(NOW - 60_000), NOW)).toBeNull();
    expect(matchingTotpStep(SECRET, codeAt(NOW + 60_000), NOW)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are read as typed from paper: any case, with or without dashes and spaces', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    expect(normaliseRecoveryCode(typed)).toBe(code.replaceAll('-', ''));
    expect(looksLikeRecoveryCode(typed)).toBe(true);
    expect(looksLikeRecoveryCode('0000-1111-llll')).toBe(false);
  });
});
