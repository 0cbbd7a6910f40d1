import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';

/**
 * nodemailer's transport for SMTP_URL. The package is loaded on this first use, not at start: a
 * server without SMTP_URL never sends a mail itself (the link is logged), so it never needs it.
 */
export function smtpTransport(smtpUrl: string): Transporter {
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport(smtpUrl);
}
