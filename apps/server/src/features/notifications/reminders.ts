import { REMINDER_MINUTES, venueInstant } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { committed } from '../../kernel/effects.ts';
import { procedure } from '../../rpc/procedure.ts';
import { partsOf, programmeView, readPublished } from '../../kernel/programme.ts';

/**
 * Session reminders (docs/product.md#session-reminders): a person who switched them on gets a bell
 * notification REMINDER_MINUTES before each part they starred starts (venue time, the published
 * programme). The notification job calls sendDueReminders on every pass; which reminders were
 * given is kept per part and start, so a pass on another instance, or a later one, gives none twice.
 */
export async function sendDueReminders(db: Db, now: Date = new Date()): Promise<number> {
  const programme = programmeView((await readPublished(db)).programme);
  const lead = REMINDER_MINUTES * 60_000;
  const due = partsOf(programme)
    .map((entry) => ({ partId: entry.part.id, startsAt: venueInstant(entry.date, entry.part.startTime, programme.settings.timeZone) }))
    .filter(({ startsAt }) => startsAt.getTime() - lead <= now.getTime() && now.getTime() < startsAt.getTime());
  if (due.length === 0) return 0;
  // One statement whatever the number of people: remember each reminder, then one notification per person.
  const [row] = await db.query<{ n: number }>(
    `with due as (select * from unnest($1::text[], $2::timestamptz[]) as listed(part_id, starts_at)),
     fresh as (
       insert into agenda_reminders (user_id, part_id, starts_at)
       select starred.user_id, due.part_id, due.starts_at
         from due
         join agenda_favourites starred on starred.part_id = due.part_id
         join notification_settings wanted on wanted.user_id = starred.user_id and wanted.session_reminders
       on conflict do nothing
       returning user_id, part_id
     ),
     told as (
       insert into notifications (user_id, kind, parts)
       select user_id, 'session_reminder', array_agg(part_id order by part_id) from fresh group by user_id
       returning 1
     ) select count(*)::int as n from told`,
    [due.map((entry) => entry.partId), due.map((entry) => entry.startsAt.toISOString())],
  );
  const told = Number(row?.n ?? 0);
  if (told > 0) committed(db, (effects) => effects.notificationsWritten());
  return told;
}

export const reminderProcedures = {
  get_session_reminders: procedure('get_session_reminders', async (_params, ctx) => {
    const [row] = await ctx.db.query<{ on: boolean }>('select session_reminders as on from notification_settings where user_id = $1', [ctx.userId]);
    return { on: row?.on ?? false };
  }),
  set_session_reminders: procedure('set_session_reminders', async (params, ctx) => {
    await ctx.db.query(
      `insert into notification_settings (user_id, session_reminders) values ($1, $2)
       on conflict (user_id) do update set session_reminders = excluded.session_reminders, updated_at = now()`,
      [ctx.userId, params.p_on],
    );
    return { on: params.p_on };
  }),
};
