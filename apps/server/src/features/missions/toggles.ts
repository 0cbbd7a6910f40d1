import { MISSION_MESSAGES, type SubscriptionResult, type VoteResult } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';

/**
 * The vote and subscription toggles, each ONE statement (so one implicit transaction) on a table
 * whose primary key is (mission_id, user_id). There is no counter row: counts are count(*) over the
 * primary key, so a vote spike on one mission never queues behind one locked row.
 *
 * - `deleted`: removes the caller's row if there is one (unvote).
 * - `inserted`: only when nothing was deleted and the mission exists; ON CONFLICT DO NOTHING covers a
 *   concurrent toggle by the same user that inserted first (we then answer "already_…").
 *
 * Two concurrent toggles by one user therefore behave as if they ran one after the other, or the
 * second one loses the insert race and changes nothing. A user never holds two rows: the key forbids it.
 */
function toggleSql(table: 'mission_votes' | 'mission_subscriptions'): string {
  return `with mission as (
      select mission_id from missions where mission_id = $1
    ), deleted as (
      delete from ${table} where mission_id = $1 and user_id = $2 returning 1
    ), inserted as (
      insert into ${table} (mission_id, user_id)
      select mission.mission_id, $2 from mission where not exists (select 1 from deleted)
      on conflict (mission_id, user_id) do nothing
      returning 1
    )
    select exists (select 1 from mission) as mission_found,
           exists (select 1 from deleted) as deleted,
           exists (select 1 from inserted) as inserted`;
}

export const TOGGLE_VOTE_SQL = toggleSql('mission_votes');
export const TOGGLE_SUBSCRIPTION_SQL = toggleSql('mission_subscriptions');

interface ToggleOutcome {
  mission_found: boolean;
  deleted: boolean;
  inserted: boolean;
}

async function runToggle(db: Queryable, sql: string, missionId: string, userId: string): Promise<'removed' | 'added' | 'lost_race'> {
  const [outcome] = await db.query<ToggleOutcome>(sql, [missionId, userId]);
  if (!outcome) throw new Error('toggle statement returned no row');
  // A row we deleted means the mission existed at that moment, even if it is being deleted now.
  if (outcome.deleted) return 'removed';
  if (!outcome.mission_found) throw businessError(MISSION_MESSAGES.notFound);
  return outcome.inserted ? 'added' : 'lost_race';
}

/**
 * Toggles userId's vote on missionId: 'voted', 'unvoted', or 'already_voted' when a concurrent
 * toggle by the same user inserted the vote first. ('no_vote_found' cannot happen in this design:
 * a toggle that finds no vote adds one.) Unknown mission: P0001 "Mission not found".
 * Exported so the load benchmark can call exactly this SQL.
 */
export async function toggleMissionVote(db: Queryable, missionId: string, userId: string): Promise<VoteResult> {
  const result = await runToggle(db, TOGGLE_VOTE_SQL, missionId, userId);
  return result === 'removed' ? 'unvoted' : result === 'added' ? 'voted' : 'already_voted';
}

/** The same toggle for subscriptions: 'subscribed', 'unsubscribed' or 'already_subscribed'. */
export async function toggleMissionSubscription(db: Queryable, missionId: string, userId: string): Promise<SubscriptionResult> {
  const result = await runToggle(db, TOGGLE_SUBSCRIPTION_SQL, missionId, userId);
  return result === 'removed' ? 'unsubscribed' : result === 'added' ? 'subscribed' : 'already_subscribed';
}
