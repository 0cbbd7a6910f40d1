import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { LINK_NOT_KEPT, type Mail } from './mailer.ts';
import { isSingleRecipient } from './recipient.ts';
import { smtpTransport } from './smtp.ts';

/**
 * Mails sent in the background (notification e-mails), through the same mail_outbox table as the
 * inline mails (docs/decisions/020-notifications-and-digests.md). A mail is written to the outbox
 * in the transaction that decided to send it, so it exists exactly once or not at all; like every
 * mail there, without its link. Without SMTP_URL it stays there, kept, and its link is logged, as
 * for every mail. With SMTP_URL, `MailDelivery` sends it: an instance claims a few rows with a
 * lease (FOR UPDATE SKIP LOCKED, so instances never take the same row), has the sender put the
 * links back, sends, and marks each sent; a process that stops mid-way leaves its claims to
 * expire, and another instance (or the same after a restart) sends them. The one gap no mail
 * system closes: a stop after the SMTP server accepted a mail and before it was marked sent sends
 * that mail again; it keeps its Message-ID, so mail programs can tell it is the same mail.
 */

/**
 * Writes the mails in one statement, in the caller's transaction; `deliver` when SMTP will send
 * them. A mail whose recipient is not exactly one valid address is left out (recipient.ts): the
 * answer lists only the mails written.
 */
export async function queueMails(tx: Queryable, queued: readonly Mail[], deliver: boolean): Promise<{ id: string; recipient: string }[]> {
  const mails = queued.filter((mail) => isSingleRecipient(mail.to));
  if (mails.length === 0) return [];
  return tx.query<{ id: string; recipient: string }>(
    `insert into mail_outbox (recipient, subject, body, deliver_after)
     select recipient, subject, body, case when $2 then now() end
       from jsonb_to_recordset($1::jsonb) as queued (recipient text, subject text, body text)
     returning id::text, recipient`,
    [JSON.stringify(mails.map((mail) => ({ recipient: mail.to, subject: mail.subject, body: mail.text.split(mail.link).join(LINK_NOT_KEPT) }))), deliver],
  );
}

/** A queued mail as the outbox keeps it: its text has LINK_NOT_KEPT where its link was. */
export interface KeptMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Puts a kept mail's links back just before it is sent: its text and headers, or null when it
 * must not be sent any more (the person switched these mails off meanwhile).
 */
export type RestoreMail = (mail: KeptMail) => Promise<{ text: string; headers: Record<string, string> } | null>;

/** How long a claimed mail is an instance's to send before another may try. */
export const DELIVERY_LEASE_SECONDS = 120;
/** After this many failed tries a mail is given up (and logged); it stays in the outbox. */
export const MAX_DELIVERY_ATTEMPTS = 8;
const CLAIM_BATCH = 10;

interface Claimed extends KeptMail {
  attempts: number;
}

export class MailDelivery {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl: string; from: string; messageIdDomain: string; restore: RestoreMail },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpTransport(options.smtpUrl);
  }

  /** Sends what is due, batch after batch, until nothing is left to claim; answers how many were sent. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.db.query<Claimed>(
        `update mail_outbox set claimed_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS}), attempts = attempts + 1
          where id in (
            select id from mail_outbox
             where sent_at is null and deliver_after <= now() and (claimed_until is null or claimed_until < now())
             order by id limit ${CLAIM_BATCH}
             for update skip locked)
          returning id::text, recipient, subject, body, attempts`,
      );
      for (const mail of claimed) if (await this.send(mail)) sent += 1;
      if (claimed.length < CLAIM_BATCH) return sent;
    }
  }

  close(): void {
    this.transport.close();
  }

  private async send(mail: Claimed): Promise<boolean> {
    if (!isSingleRecipient(mail.recipient)) {
      // Kept, never sent: a row written before the rule, or around it, cannot reach another mailbox.
      await this.db.query(
        `update mail_outbox set claimed_until = null, deliver_after = null, last_error = 'not sent: the recipient is not exactly one valid e-mail address' where id = $1`,
        [mail.id],
      );
      this.log.warn({ mailId: mail.id }, 'mail refused: the recipient is not exactly one valid e-mail address');
      return false;
    }
    try {
      const restored = await this.options.restore(mail);
      if (!restored) {
        await this.db.query(
          `update mail_outbox set claimed_until = null, deliver_after = null, last_error = 'not sent: the person no longer wants it' where id = $1`,
          [mail.id],
        );
        return false;
      }
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.recipient,
        subject: mail.subject,
        text: restored.text,
        headers: restored.headers,
        // The same on every try, so a mail sent twice (see above) is recognisably one mail.
        messageId: `<outbox-${mail.id}@${this.options.messageIdDomain}>`,
      });
    } catch (error) {
      const giveUp = mail.attempts >= MAX_DELIVERY_ATTEMPTS;
      // 1, 2, 4, … minutes between tries.
      await this.db.query(
        `update mail_outbox set claimed_until = null, last_error = $2,
                deliver_after = case when $3 then null else now() + make_interval(mins => $4) end
          where id = $1`,
        [mail.id, error instanceof Error ? error.message.slice(0, 500) : String(error), giveUp, 2 ** (mail.attempts - 1)],
      );
      if (giveUp) this.log.error({ mailId: mail.id, attempts: mail.attempts }, 'gave up sending a mail');
      else this.log.warn({ mailId: mail.id, attempts: mail.attempts }, 'could not send a mail; it will be tried again');
      return false;
    }
    await this.db.query('update mail_outbox set sent_at = now(), claimed_until = null, last_error = null where id = $1', [mail.id]);
    return true;
  }
}
