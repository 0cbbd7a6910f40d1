import type { Tx } from './effects.ts';

/**
 * Recording a change for notifications (docs/decisions/020-notifications-and-digests.md): ONE
 * statement per change, whatever the number of followers. The database function
 * `record_mission_event` (migration 014) writes the event once and every reader's notification
 * with one INSERT … SELECT; who is told of what is decided there, and nowhere else. Call these
 * with the transaction that makes the change (the kernel's, kernel/effects.ts), so the change and
 * its notifications are saved together or not at all; each also declares its effects, so once the
 * change commits open screens read the mission again and the readers' open bells get the news.
 * Vote milestones are recorded by the database itself, in the vote batch.
 */

export type MissionEvent =
  | { kind: 'mission_updated'; fields: string[] }
  | { kind: 'member_removed'; subject: string }
  | { kind: 'mission_hidden'; reason: string }
  | { kind: 'mission_unhidden' }
  /** An owner posted an update (docs/product.md#mission-updates): the team and followers are told. */
  | { kind: 'update_posted'; update: string };

export async function recordMissionEvent(tx: Tx, missionId: string, actorId: string, event: MissionEvent): Promise<void> {
  const subject = event.kind === 'member_removed' ? event.subject : null;
  const data =
    event.kind === 'mission_updated'
      ? { fields: event.fields }
      : event.kind === 'mission_hidden'
        ? { reason: event.reason }
        : event.kind === 'update_posted'
          ? { update: event.update }
          : {};
  await tx.query('select record_mission_event($1, $2, $3, $4, $5::jsonb)', [event.kind, missionId, actorId, subject, JSON.stringify(data)]);
  // A team that lost a member has a new team count.
  if (event.kind === 'member_removed') tx.effects.missionCounts([missionId]);
  tx.effects.missionsChanged([missionId]);
  tx.effects.notificationsWritten();
}

/** People added to a team (by add_mission_member, or as create_mission's members): one event each, one statement. */
export async function recordMembersAdded(tx: Tx, missionId: string, actorId: string, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  await tx.query(`select record_mission_event('member_added', $1, $2, added, '{}'::jsonb) from unnest($3::uuid[]) as added`, [missionId, actorId, memberIds]);
  tx.effects.missionCounts([missionId]);
  tx.effects.missionsChanged([missionId]);
  tx.effects.notificationsWritten();
}

/**
 * An event about a request to join or an invitation (join_requested, invited_to_team,
 * request_declined), told to `readers` (never the actor) by the database function
 * `record_request_event` (migration 018) in one statement.
 */
export async function recordRequestEvent(
  tx: Tx,
  event: { kind: 'join_requested' | 'invited_to_team' | 'request_declined'; missionId: string; actorId: string; subjectId: string; data: object },
  readers: readonly string[],
): Promise<void> {
  await tx.query('select record_request_event($1, $2, $3, $4, $5::jsonb, $6::uuid[])', [
    event.kind,
    event.missionId,
    event.actorId,
    event.subjectId,
    JSON.stringify(event.data),
    readers,
  ]);
  tx.effects.notificationsWritten();
}

/**
 * The condition "this person accepts being added to teams by others" on users `alias`: true
 * unless they turned "Others may add me to their team" off (docs/product.md#notifications).
 */
export function acceptsAdditionsSql(alias: string): string {
  return `not exists (select 1 from notification_settings refusing where refusing.user_id = ${alias}.id and not refusing.allow_team_additions)`;
}
