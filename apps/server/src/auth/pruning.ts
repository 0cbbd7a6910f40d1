import type { Queryable } from '../db/db.ts';

/**
 * Rows that can no longer be used are deleted, so the token tables stay the size of what is live
 * (docs/security.md, "Sessions and tokens"). Each kind is deleted in batches of BATCH rows, one
 * statement a batch, so no single delete holds locks (or PGlite's one connection) for long; rows
 * another instance is deleting at the same moment are skipped, not waited for.
 */
export const PRUNE_BATCH = 1000;

/** How long the outbox keeps its record of what was mailed to whom (the privacy page states it). */
export const MAIL_RECORD_DAYS = 7;

interface PruneOptions {
  sessionIdleDays: number;
  notificationRetentionDays: number;
  /** True once the server is stopping: no further batch starts. */
  stopping?: () => boolean;
}

interface Expired {
  table: string;
  /** The columns that name one row, for `(key) in (select key …)`. */
  key: string;
  /** Which rows are of no further use; $1, where used, is the number of days `days` gives. */
  where: string;
  days?: (options: PruneOptions) => number;
}

/** How long what is kept after its use stays: long enough to answer alike, then gone. */
const EXPIRED: readonly Expired[] = [
  // A used refresh token is kept a day, so presenting it again is recognised as reuse (and ends the session).
  { table: 'refresh_tokens', key: 'token_hash', where: `used_at < now() - interval '1 day'` },
  // Signed-out sessions, and sessions nobody refreshed for SESSION_IDLE_DAYS; their refresh tokens go with them.
  { table: 'auth_sessions', key: 'id', where: `revoked_at < now() - interval '1 day'` },
  {
    table: 'auth_sessions',
    key: 'id',
    where: `coalesce(refreshed_at, created_at) < now() - make_interval(days => $1::int)`,
    days: (options) => options.sessionIdleDays,
  },
  // A reset link works once, within an hour.
  { table: 'recovery_tokens', key: 'token_hash', where: `expires_at < now() or used_at is not null` },
  // A code request lives five minutes; an enrolment nobody finished is dropped after a day, as Supabase Auth does.
  { table: 'mfa_challenges', key: 'id', where: `expires_at < now() - interval '1 day'` },
  { table: 'mfa_factors', key: 'id', where: `status = 'unverified' and created_at < now() - interval '1 day'` },
  // The outbox is a week's record of what was mailed to whom (never the links).
  { table: 'mail_outbox', key: 'id', where: `created_at < now() - interval '${MAIL_RECORD_DAYS} days'` },
  // Notifications are kept NOTIFICATION_RETENTION_DAYS: the events behind them go, and they with them (docs/product.md#notifications).
  { table: 'mission_events', key: 'id', where: `created_at < now() - make_interval(days => $1::int)`, days: (options) => options.notificationRetentionDays },
  // Programme change alerts, announcements and session reminders have no mission event behind them: they go by their own age.
  {
    table: 'notifications',
    key: 'id',
    where: `event_id is null and created_at < now() - make_interval(days => $1::int)`,
    days: (options) => options.notificationRetentionDays,
  },
  // A reminder is remembered long enough not to be given twice.
  { table: 'agenda_reminders', key: 'user_id, part_id, starts_at', where: `reminded_at < now() - interval '30 days'` },
  // A prepared "Download my data" is kept DATA_EXPORT_HOURS (24).
  { table: 'data_exports', key: 'id', where: `expires_at < now()` },
  // Rate-limit windows last an hour at most.
  { table: 'rate_limits', key: 'bucket, subject, window_start', where: `window_start < now() - interval '1 day'` },
];

/** Deletes every expired row, batch by batch; answers how many rows each table lost (tables that lost none left out). */
export async function pruneExpiredRows(db: Queryable, options: PruneOptions): Promise<Record<string, number>> {
  const pruned: Record<string, number> = {};
  for (const kind of EXPIRED) {
    if (options.stopping?.()) break;
    for (;;) {
      const rows = await db.query<{ n: number }>(
        `with gone as (
           delete from ${kind.table} where (${kind.key}) in (
             select ${kind.key} from ${kind.table} where ${kind.where} limit ${PRUNE_BATCH} for update skip locked
           ) returning 1
         ) select count(*)::int as n from gone`,
        kind.days ? [kind.days(options)] : [],
      );
      const deleted = rows[0]?.n ?? 0;
      if (deleted > 0) pruned[kind.table] = (pruned[kind.table] ?? 0) + deleted;
      if (deleted < PRUNE_BATCH || options.stopping?.()) break;
      // Let waiting requests have the database between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return pruned;
}
