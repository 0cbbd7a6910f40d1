import { DateTime } from 'luxon';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailDigest, NotificationItem } from '@mc/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { accountLanguage } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { LINK_NOT_KEPT, type Mail } from '../../mail/mailer.ts';
import { queueMails, type RestoreMail } from '../../mail/outbox.ts';
import { recipientTag } from '../../mail/recipient.ts';
import { readProgramme } from '../../kernel/programme.ts';
import { readNotifications } from './queries.ts';
import { unsubscribeHeaders, unsubscribeLinks, unsubscribeToken } from './unsubscribe.ts';

/**
 * Notification e-mails (docs/product.md#notification-e-mails), each in the language of its
 * recipient's account (docs/product.md#languages). A run takes the people whose mail
 * is due, a batch at a time, each batch in ONE transaction that locks their settings rows
 * (FOR UPDATE SKIP LOCKED: another instance's run takes other people), writes their mails to the
 * outbox and marks what they covered. A process that stops mid-way rolls the batch back: nothing
 * is lost and nothing is written twice, and the next run (here or on another instance) does it.
 */

/** People per transaction: a constant number of statements each, whatever the batch holds. */
const BATCH = 25;
/** A mail lists this many notifications, newest first, then says how many more are in the app. */
export const DIGEST_ITEMS = 20;

export interface DigestDeps {
  db: Db;
  config: Config;
  unsubscribeKey: Buffer;
  /** True when SMTP will send what is queued (else it stays kept in the outbox). */
  deliver: boolean;
  log: FastifyBaseLogger;
}

/** The newest moment at or before `now` when daily digests were due: DIGEST_HOUR at the venue. */
export function dailyDigestSince(now: Date, timeZone: string, hour: number): Date {
  let moment = DateTime.fromJSDate(now).setZone(timeZone).startOf('day').set({ hour });
  if (moment.toMillis() > now.getTime()) moment = moment.minus({ days: 1 });
  return moment.toJSDate();
}

interface DuePerson {
  user_id: string;
  email: string;
  first_name: string;
  email_digest: Exclude<EmailDigest, 'off'>;
  unsubscribe_generation: number;
  /** The language of their account (`user_metadata.language`), which the mail is written in. */
  language: string | null;
}

/** The mail, in the language of the person's account; its items were read in it too (readNotifications). */
function digestMail(deps: DigestDeps, person: DuePerson, items: NotificationItem[], matched: number): Mail {
  const { config } = deps;
  const { say } = wordingIn(accountLanguage(person.language));
  const links = unsubscribeLinks(config.publicUrl, unsubscribeToken(deps.unsubscribeKey, person.user_id, person.unsubscribe_generation));
  const more = matched - items.length;
  const product = config.PRODUCT_NAME;
  // The words of the profile page's choice, as the person picked it there.
  const why = person.email_digest === 'daily' ? say('Once a day') : say('Immediately');
  const lines = [
    say('Hello {name},', { name: person.first_name }),
    '',
    person.email_digest === 'daily' ? say('Here is what happened since your last daily e-mail:') : say('Here is what just happened:'),
    '',
    ...items.map((item) => `- ${item.text}`),
    ...(more > 0 ? [say('…and {count} more in the app.', { count: String(more) })] : []),
    '',
    say('See everything under the bell at the top of {product}: {url}', { product, url: `${config.publicUrl}/dashboard` }),
    '',
    say('Why you got this e-mail: you chose “{choice}” for e-mails about your notifications on your profile page ({url}).', {
      choice: why,
      url: `${config.publicUrl}/view-role-profile`,
    }),
    say('Stop these e-mails with one click, no sign-in needed: {link}', { link: links.page }),
  ];
  return {
    to: person.email,
    subject:
      matched === 1 ? say('{product}: 1 new notification', { product }) : say('{product}: {count} new notifications', { product, count: String(matched) }),
    text: lines.join('\n'),
    link: links.page,
  };
}

/**
 * Puts a kept notification e-mail's unsubscribe link back as SMTP sends it (the outbox never keeps
 * links), made from the person's current generation; a person who switched mail off since (with a
 * link, or on their profile page) is not sent it.
 */
export function restoreDigest(db: Db, unsubscribeKey: Buffer, publicUrl: string): RestoreMail {
  return async (mail) => {
    const [person] = await db.query<{ user_id: string; unsubscribe_generation: number }>(
      `select s.user_id, s.unsubscribe_generation from users u join notification_settings s on s.user_id = u.id
        where lower(u.email) = lower($1) and s.email_digest <> 'off'`,
      [mail.recipient],
    );
    if (!person) return null;
    const links = unsubscribeLinks(publicUrl, unsubscribeToken(unsubscribeKey, person.user_id, person.unsubscribe_generation));
    return { text: mail.body.split(LINK_NOT_KEPT).join(links.page), headers: unsubscribeHeaders(links) };
  };
}

/** Writes every mail that is due now; answers how many. */
export async function sendDueDigests(deps: DigestDeps, now: Date = new Date()): Promise<number> {
  const { db, config } = deps;
  const { settings } = await readProgramme(db, config);
  const dailySince = dailyDigestSince(now, settings.timeZone, config.MAIL_DAILY_DIGEST_HOUR);
  let queued = 0;
  for (;;) {
    const { people, mails } = await db.transaction(async (tx) => {
      const due = await tx.query<DuePerson>(
        `select s.user_id, u.email, u.first_name, s.email_digest, s.unsubscribe_generation, u.user_metadata->>'language' as language
           from notification_settings s join users u on u.id = s.user_id
          where s.email_digest <> 'off'
            and (s.email_digest = 'immediate' or s.last_digest_at is null or s.last_digest_at < $1
                 -- An urgent announcement does not wait for the daily hour.
                 or exists (select 1 from notifications urgent join announcements a on a.id = urgent.announcement_id
                             where urgent.user_id = s.user_id and urgent.mail_pending and a.urgent))
            and exists (select 1 from notifications n where n.user_id = s.user_id and n.mail_pending and n.read_at is null)
          order by s.user_id
          limit ${BATCH}
          for update of s skip locked`,
        [dailySince],
      );
      if (due.length === 0) return { people: 0, mails: [] };
      const ids = due.map((person) => person.user_id);
      // Exactly these notifications are considered (and marked), whatever arrives meanwhile.
      const pending = await tx.query<{ id: string }>('select id::text from notifications where user_id = any($1::uuid[]) and mail_pending', [ids]);
      const pendingIds = pending.map((row) => row.id);
      const unread = await readNotifications(tx, 'n.id = any($1::bigint[]) and n.read_at is null', [pendingIds], DIGEST_ITEMS);
      const digests = due.flatMap((person) => {
        const found = unread.get(person.user_id);
        return found ? [digestMail(deps, person, found.items, found.matched)] : [];
      });
      // One mail per person in a batch, so the recipient names the mail.
      const linkOf = new Map(digests.map((mail) => [mail.to, mail.link]));
      const written = (await queueMails(tx, digests, deps.deliver)).map((row) => ({ ...row, link: linkOf.get(row.recipient) ?? '' }));
      if (written.length < digests.length) {
        deps.log.warn({ refused: digests.length - written.length }, 'mail refused: the recipient is not exactly one valid e-mail address');
      }
      await tx.query('update notifications set mail_pending = false where id = any($1::bigint[])', [pendingIds]);
      await tx.query('update notification_settings set last_digest_at = now() where user_id = any($1::uuid[])', [ids]);
      return { people: due.length, mails: written };
    });
    queued += mails.length;
    // The log names a mail by its id and a tag of its recipient, never the address (mail/recipient.ts).
    for (const mail of mails) {
      if (!deps.deliver) deps.log.info({ mailId: mail.id, link: mail.link }, 'mail kept in outbox (no SMTP_URL)');
      deps.log.debug({ mailId: mail.id, recipient: recipientTag(mail.recipient) }, 'outbox mail recipient');
    }
    if (people < BATCH) return queued;
  }
}
