import type { Tx } from './effects.ts';

/**
 * Programme change alerts (docs/product.md#notifications): each person who starred a part that a
 * publication changed gets ONE notification naming their parts, written by one INSERT … SELECT in
 * the publishing transaction whatever their number, never to the organiser who published. It
 * waits for their e-mail digest when they had mail switched on, as every notification does; the
 * bell and the digest read the words from the version (queries.ts).
 */
export async function recordProgrammeAlerts(tx: Tx, version: number, partIds: readonly string[], publisherId: string | null): Promise<number> {
  if (partIds.length === 0) return 0;
  const [row] = await tx.query<{ n: number }>(
    `with told as (
       insert into notifications (user_id, programme_version, kind, parts, mail_pending)
       select starred.user_id, $1, 'programme_changed', array_agg(starred.part_id order by starred.part_id),
              exists (select 1 from notification_settings mail where mail.user_id = starred.user_id and mail.email_digest <> 'off')
         from agenda_favourites starred
        where starred.part_id = any($2::text[]) and starred.user_id is distinct from $3::uuid
        group by starred.user_id
       returning 1
     ) select count(*)::int as n from told`,
    [version, partIds, publisherId],
  );
  const told = Number(row?.n ?? 0);
  if (told > 0) tx.effects.notificationsWritten();
  return told;
}
