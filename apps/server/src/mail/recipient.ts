import { createHash } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { isValidEmailAddress } from '@mc/contract';

/** Thrown instead of sending a mail whose recipient is not exactly one valid address. */
export class RecipientRefused extends Error {
  constructor() {
    super('mail refused: the recipient is not exactly one valid e-mail address');
    this.name = 'RecipientRefused';
  }
}

/**
 * Defence in depth behind the sign-up and reset checks (docs/security.md#e-mail-addresses): every
 * mail, inline or from the outbox, goes only to an address that passes the shared rule and that
 * nodemailer's own parser reads as exactly that one address. An account stored before the rule
 * (or written around it) can then never direct a mail to another mailbox.
 */
export function isSingleRecipient(to: string): boolean {
  if (!isValidEmailAddress(to)) return false;
  const parsed = addressparser(to, { flatten: true });
  return parsed.length === 1 && parsed[0]?.address === to && !parsed[0].name;
}

/**
 * How a debug log line tells which address a mail went to without naming it: the first 16 hex
 * digits of the SHA-256 of the address in lower case. Local tools that know the address (the
 * browser tests reading a reset link) can match it; the log itself names nobody, so a deleted
 * person's mails leave nothing there that says who they were.
 */
export function recipientTag(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 16);
}
