import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { isSingleRecipient, recipientTag, RecipientRefused } from './recipient.ts';
import { smtpTransport } from './smtp.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about: logged when there is no SMTP server, and never stored. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** What the outbox keeps of a mail's text instead of its link. */
export const LINK_NOT_KEPT = '[link not kept]';

/**
 * With SMTP_URL mails go out through nodemailer; without it their link is logged, so password
 * recovery works offline and in tests. Either way the mail_outbox table records who was mailed
 * what, but never the link: a recovery link is a one-time way into the account, and a copy in the
 * database would outlive the mail (docs/security.md). The recipient is logged only at debug level:
 * an e-mail address is personal data. A recipient that is not exactly one valid address is
 * refused before anything is written or sent (recipient.ts).
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? smtpTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      if (!isSingleRecipient(mail.to)) throw new RecipientRefused();
      const rows = await options.db.query<{ id: string }>('insert into mail_outbox (recipient, subject, body) values ($1, $2, $3) returning id', [
        mail.to,
        mail.subject,
        mail.text.split(mail.link).join(LINK_NOT_KEPT),
      ]);
      const id = rows[0]?.id;
      if (!transport) {
        // By the mail's id and a tag of its recipient, never the address: a deleted person's mails leave the outbox, and the log names no one.
        options.log.info({ mailId: id, link: mail.link }, 'mail kept in outbox (no SMTP_URL)');
        options.log.debug({ mailId: id, recipient: recipientTag(mail.to) }, 'outbox mail recipient');
        return;
      }
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      await options.db.query('update mail_outbox set sent_at = now() where id = $1', [id]);
    },
  };
}
