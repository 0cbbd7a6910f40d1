/**
 * The one e-mail address rule, run by the browser (sign-up, reset request) and by the server
 * (sign-up, reset request, and the mailer before anything is sent): an address is accepted only
 * when a mail program reads it as exactly one recipient, the same one the person typed
 * (docs/security.md#e-mail-addresses).
 *
 * - local part: dot-separated words (no leading, trailing or doubled dot) of ASCII letters and
 *   digits, the RFC 5322 atom characters other than `!` and `%`, and letters, marks and digits of
 *   any script (internationalised addresses, RFC 6531); at most 64 characters;
 * - one `@`;
 * - domain: at least two dot-separated labels of letters and digits (any script) with inner
 *   hyphens, each at most 63 characters, the last not all digits;
 * - at most 254 characters in all.
 *
 * Everything a mail program reads as structure is refused: quotes, angle brackets, commas,
 * semicolons, colons, parentheses, backslashes, whitespace, control and invisible format
 * characters, a second `@`. `!` and `%` are refused too: old relays route `a!b@relay` and
 * `b%host@relay` to another mailbox.
 */

export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
const LABEL_MAX = 63;

const WORD = String.raw`[A-Za-z0-9#$&'*+/=?^_\x60{|}~\p{L}\p{M}\p{N}-]+`;
const LOCAL_PART = new RegExp(String.raw`^${WORD}(?:\.${WORD})*$`, 'u');
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;

export function isValidEmailAddress(email: string): boolean {
  if (email.length > EMAIL_MAX) return false;
  const parts = email.split('@');
  if (parts.length !== 2) return false;
  const [local = '', domain = ''] = parts;
  if (local.length > LOCAL_MAX || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= LABEL_MAX && LABEL.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}
