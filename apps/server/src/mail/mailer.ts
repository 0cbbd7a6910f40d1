import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about; kept apart so the offline outbox can show it. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL mails go out through nodemailer; without it they are kept in the mail_outbox
 * table and their link is logged, so password recovery works offline and in tests.
 * The recipient is logged only at debug level: an e-mail address is personal data.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const rows = await options.db.query<{ id: string }>(
        'insert into mail_outbox (recipient, subject, body, link) values ($1, $2, $3, $4) returning id',
        [mail.to, mail.subject, mail.text, mail.link],
      );
      const id = rows[0]?.id;
      if (!transport) {
        options.log.info({ mailId: id, link: mail.link }, 'mail kept in outbox (no SMTP_URL)');
        options.log.debug({ mailId: id, to: mail.to }, 'outbox mail recipient');
        return;
      }
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await options.db.query('update mail_outbox set sent_at = now() where id = $1', [id]);
    },
  };
}
