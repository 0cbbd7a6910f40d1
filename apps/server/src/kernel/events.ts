import type { Db, Queryable } from '../db/db.ts';
import { publishLive } from '../live/publish.ts';

/**
 * Recording a change for notifications (docs/decisions/020-notifications-and-digests.md): ONE
 * statement per change, whatever the number of followers. The database function
 * `record_mission_event` (migration 014) writes the event once and every reader's notification
 * with one INSERT … SELECT; who is told of what is decided there, and nowhere else. Call these
 * with the transaction that makes the change, so the change and its notifications are saved
 * together or not at all. Vote milestones are recorded by the database itself, in the vote batch.
 */

export type MissionEvent =
  | { kind: 'mission_updated'; fields: string[] }
  | { kind: 'member_removed'; subject: string }
  | { kind: 'mission_hidden'; reason: string }
  | { kind: 'mission_unhidden' };

export async function recordMissionEvent(tx: Queryable, missionId: string, actorId: string, event: MissionEvent): Promise<void> {
  const subject = event.kind === 'member_removed' ? event.subject : null;
  const data = event.kind === 'mission_updated' ? { fields: event.fields } : event.kind === 'mission_hidden' ? { reason: event.reason } : {};
  await tx.query('select record_mission_event($1, $2, $3, $4, $5::jsonb)', [event.kind, missionId, actorId, subject, JSON.stringify(data)]);
}

/** People added to a team (by add_mission_member, or as create_mission's members): one event each, one statement. */
export async function recordMembersAdded(tx: Queryable, missionId: string, actorId: string, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.query(`select record_mission_event('member_added', $1, $2, added, '{}'::jsonb) from unnest($3::uuid[]) as added`, [missionId, actorId, memberIds]);
}

/**
 * The condition "this person accepts being added to teams by others" on users `alias`: true
 * unless they turned "Others may add me to their team" off (docs/product.md#notifications).
 */
export function acceptsAdditionsSql(alias: string): string {
  return `not exists (select 1 from notification_settings refusing where refusing.user_id = ${alias}.id and not refusing.allow_team_additions)`;
}

/**
 * The live channel's word between instances that notifications without a mission event were
 * written (a programme publication's alerts, an announcement, session reminders). No browser may
 * follow it (live/hub.ts): each instance's notifications feed hears it and tells its own connected
 * readers. Call after the notifications committed.
 */
export const NEW_NOTIFICATIONS_TOPIC = 'notifications';

export function announceNewNotifications(db: Db): void {
  publishLive(db, { topic: NEW_NOTIFICATIONS_TOPIC, data: {} });
}
