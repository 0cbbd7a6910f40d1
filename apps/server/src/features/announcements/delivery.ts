// Announcements whose time has come go out from here; the notification jobs call it on every pass.
import { RECIPIENT_LIST_MAX, type AnnouncementAudience, type AnnouncementRecipients } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { peopleSeenBy } from '../../kernel/people.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';
import { recipientsSql } from './audience.ts';

/**
 * Sending an announcement: its recipients' notifications in ONE INSERT … SELECT (whatever their
 * number), marked for their e-mail when they have mail switched on, and the announcement marked
 * sent with its count, in the caller's transaction. An urgent one is mailed by the next digest pass
 * to everyone with mail on, without waiting for a daily hour (digest.ts).
 */
export async function deliverAnnouncement(tx: Tx, id: string): Promise<number> {
  const [announcement] = await tx.query<{ audience: AnnouncementAudience; part_id: string | null }>(
    'select audience, part_id from announcements where id = $1 and sent_at is null for update',
    [id],
  );
  if (!announcement) return 0;
  const [told] = await tx.query<{ n: number }>(
    `with told as (
       insert into notifications (user_id, announcement_id, kind, mail_pending)
       select u.id, $1, 'announcement',
              exists (select 1 from notification_settings mail where mail.user_id = u.id and mail.email_digest <> 'off')
       ${recipientsSql(announcement.audience, '$2')}
       on conflict do nothing
       returning 1
     ) select count(*)::int as n from told`,
    [id, announcement.part_id],
  );
  const recipients = Number(told?.n ?? 0);
  await tx.query('update announcements set sent_at = now(), recipients = $2 where id = $1', [id, recipients]);
  if (recipients > 0) tx.effects.notificationsWritten();
  return recipients;
}

/** How many people the group holds now: the organiser's preview before sending. */
/**
 * Who is in the group now, as the organisers' console shows people (kernel/people.ts: real names
 * and e-mail), by name, at most RECIPIENT_LIST_MAX, with how many there are in all.
 */
export async function listRecipients(db: Queryable, audience: AnnouncementAudience, partId: string | null): Promise<AnnouncementRecipients> {
  const people = await db.query<AnnouncementRecipients['people'][number]>(
    `select seen.id as user_id, seen.first_name, seen.last_name, seen.email
       from ${peopleSeenBy('organisers')} seen
      where seen.id in (select u.id ${recipientsSql(audience, '$1')})
      order by lower(seen.first_name), lower(seen.last_name), lower(seen.email), seen.id
      limit ${RECIPIENT_LIST_MAX}`,
    [partId],
  );
  return { total: await countRecipients(db, audience, partId), people };
}

export async function countRecipients(db: Queryable, audience: AnnouncementAudience, partId: string | null): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n ${recipientsSql(audience, '$1')}`, [partId]);
  return Number(row?.n ?? 0);
}

/** Sends every announcement whose time has come, one transaction each; answers how many were sent. */
export async function deliverDueAnnouncements(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db.query<{ id: string }>('select id from announcements where sent_at is null and send_at <= $1 order by send_at limit 20', [now]);
  let sent = 0;
  for (const { id } of due) {
    await transaction(db, async (tx) => {
      await deliverAnnouncement(tx, id);
    });
    sent += 1;
  }
  return sent;
}
