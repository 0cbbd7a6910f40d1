import { NOTIFICATIONS_SHOWN, type NotificationList, type NotificationSettings } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import type { ServerLanguage } from '../../i18n/language.ts';
import { procedure } from '../../rpc/procedure.ts';
import { readNotifications } from './queries.ts';

async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ unread: number }>('select count(*)::int as unread from notifications where user_id = $1 and read_at is null', [userId]);
  return row?.unread ?? 0;
}

/**
 * The bells of these people, as get_my_notifications answers each: their newest notifications
 * (read per reader through the (user_id, id) index) and how many are unread. One read for many
 * readers is how the live channel hands a room of open apps their bells (live.ts). The texts are
 * in `language` when given (the caller's own bell), else in each reader's account language.
 */
export async function readBells(db: Queryable, userIds: readonly string[], language?: ServerLanguage): Promise<Map<string, NotificationList>> {
  const [listed, unread] = await Promise.all([
    readNotifications(
      db,
      `n.id in (select newest.id from unnest($1::uuid[]) as reader(id)
                  cross join lateral (select id from notifications mine where mine.user_id = reader.id order by mine.id desc limit ${NOTIFICATIONS_SHOWN}) newest)`,
      [userIds],
      NOTIFICATIONS_SHOWN,
      language,
    ),
    db.query<{ user_id: string; unread: number }>(
      'select user_id, count(*)::int as unread from notifications where user_id = any($1::uuid[]) and read_at is null group by user_id',
      [userIds],
    ),
  ]);
  const unreadOf = new Map(unread.map((row) => [row.user_id, Number(row.unread)]));
  return new Map(userIds.map((id) => [id, { items: listed.get(id)?.items ?? [], unread: unreadOf.get(id) ?? 0 }]));
}

/** A person's settings; no row means the defaults (others may add them, no e-mail). */
export async function readSettings(db: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await db.query<NotificationSettings>('select email_digest, allow_team_additions from notification_settings where user_id = $1', [userId]);
  return row ?? { email_digest: 'off', allow_team_additions: true };
}

/** The bell and the profile page's settings (docs/product.md#notifications). Each acts for the caller only. */
export const notificationsProcedures = {
  /** The caller's newest notifications, in the request's language, and how many are unread. */
  get_my_notifications: procedure(
    'get_my_notifications',
    async (_params, ctx) => (await readBells(ctx.db, [ctx.userId], ctx.language)).get(ctx.userId) ?? { items: [], unread: 0 },
  ),

  /** Marks one of the caller's notifications read, or all of them; answers how many stay unread. */
  mark_notifications_read: procedure('mark_notifications_read', async (params, ctx) => {
    await ctx.db.query('update notifications set read_at = now() where user_id = $1 and read_at is null and ($2::bigint is null or id = $2::bigint)', [
      ctx.userId,
      params.p_notification_id ?? null,
    ]);
    return { unread: await unreadCount(ctx.db, ctx.userId) };
  }),

  get_notification_settings: procedure('get_notification_settings', async (_params, ctx) => readSettings(ctx.db, ctx.userId)),

  /**
   * Saves both settings. Switching mail off forgets what was waiting for a mail, so switching it on
   * again later starts from then: old news is never mailed. Choosing "daily" counts as a digest
   * just sent: the first one comes at the next digest hour.
   */
  save_notification_settings: procedure('save_notification_settings', async (params, ctx) =>
    ctx.db.transaction(async (tx) => {
      const [saved] = await tx.query<NotificationSettings>(
        `insert into notification_settings (user_id, email_digest, allow_team_additions, last_digest_at)
         values ($1, $2, $3, case when $2 = 'daily' then now() end)
         on conflict (user_id) do update set
           email_digest = excluded.email_digest,
           allow_team_additions = excluded.allow_team_additions,
           last_digest_at = case when excluded.email_digest = 'daily' and notification_settings.email_digest <> 'daily' then now() else notification_settings.last_digest_at end,
           updated_at = now()
         returning email_digest, allow_team_additions`,
        [ctx.userId, params.p_email_digest, params.p_allow_team_additions],
      );
      if (params.p_email_digest === 'off') await tx.query('update notifications set mail_pending = false where user_id = $1 and mail_pending', [ctx.userId]);
      if (!saved) throw new Error('the notification settings were not saved');
      return saved;
    }),
  ),
};
