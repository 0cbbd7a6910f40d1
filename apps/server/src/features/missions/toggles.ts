import { MISSION_MESSAGES, type SubscriptionResult, type VoteResult } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { StatementBatcher } from '../../db/batch-queue.ts';
import { businessError } from '../../http/errors.ts';
import { committed } from '../../kernel/effects.ts';

/**
 * The vote and subscription toggles. Toggles that arrive together are written together: ONE
 * statement (so one implicit transaction, one commit) for a whole batch of (mission, user) pairs,
 * on a table whose primary key is (mission_id, user_id). In the end-of-conference spike this turns
 * hundreds of round trips and commits into a few, which is what keeps the spike fast.
 *
 * The mission's vote and subscription counts follow from triggers (migration 004), once per batch
 * statement and mission, so a spike on one mission queues a few batches on its row, not every vote.
 * Per pair, the statement says:
 * - `deleted`: it removed the caller's row (unvote);
 * - `inserted`: it added one, which it tries only when nothing was deleted and the mission exists;
 * - `mission_hidden`: the organisers hid the mission, so nothing was written for this pair;
 *   ON CONFLICT DO NOTHING covers a concurrent toggle of the same pair that inserted first
 *   (another server process, say); we then answer "already_…".
 * A user never holds two rows: the key forbids it.
 */
function toggleBatchSql(table: 'mission_votes' | 'mission_subscriptions'): string {
  return `with toggle as (
      select mission_id, user_id, n
      from unnest($1::uuid[], $2::uuid[]) with ordinality as pairs (mission_id, user_id, n)
    ), locked as (
      -- Locks the batch's missions first, in one order, before the count triggers update them: two
      -- batches that share missions then queue in that order and never deadlock. The lock also
      -- orders a batch against an organiser hiding one of its missions.
      select mission_id, hidden_at is not null as hidden from missions
      where mission_id in (select mission_id from toggle)
      order by mission_id for no key update
    ), found as (
      -- A hidden mission takes no votes or subscriptions, in either direction.
      select toggle.mission_id, toggle.user_id from toggle join locked using (mission_id) where not locked.hidden
    ), deleted as (
      delete from ${table} as existing using found
      where existing.mission_id = found.mission_id and existing.user_id = found.user_id
      returning existing.mission_id, existing.user_id
    ), inserted as (
      insert into ${table} (mission_id, user_id)
      select found.mission_id, found.user_id from found
      where not exists (select 1 from deleted where deleted.mission_id = found.mission_id and deleted.user_id = found.user_id)
      on conflict (mission_id, user_id) do nothing
      returning mission_id, user_id
    )
    select toggle.n::int as n,
           exists (select 1 from found where found.mission_id = toggle.mission_id and found.user_id = toggle.user_id) as mission_found,
           exists (select 1 from locked where locked.mission_id = toggle.mission_id and locked.hidden) as mission_hidden,
           exists (select 1 from deleted where deleted.mission_id = toggle.mission_id and deleted.user_id = toggle.user_id) as deleted,
           exists (select 1 from inserted where inserted.mission_id = toggle.mission_id and inserted.user_id = toggle.user_id) as inserted
    from toggle`;
}

const TOGGLE_VOTE_SQL = toggleBatchSql('mission_votes');
const TOGGLE_SUBSCRIPTION_SQL = toggleBatchSql('mission_subscriptions');

interface ToggleOutcome {
  n: number;
  mission_found: boolean;
  mission_hidden: boolean;
  deleted: boolean;
  inserted: boolean;
}

interface Toggle {
  missionId: string;
  userId: string;
  /** The mission and user: a double tap waits for the first toggle's batch. */
  key: string;
}

/**
 * The toggles of one table, sent in batches by the one batcher (db/batch-queue.ts). A pair is
 * never in two batches at once, so one user's toggles of a mission run one after the other, in
 * order, and two running batches never touch the same vote row. The mission rows they share (for
 * the counts) each batch locks in mission_id order, so batches cannot deadlock on each other.
 */
function toggleBatcher(db: Db, sql: string): StatementBatcher<Toggle, ToggleOutcome> {
  return new StatementBatcher<Toggle, ToggleOutcome>(
    db.kind,
    (toggles) => db.query<ToggleOutcome>(sql, [toggles.map((toggle) => toggle.missionId), toggles.map((toggle) => toggle.userId)]),
    (toggles, rows) => {
      // The batch has committed (one statement, one implicit transaction): one live event for all
      // its missions, sent on the bus's own connection, so the spike never waits for it.
      const moved = new Set(rows.filter((row) => row.deleted || row.inserted).map((row) => toggles[row.n - 1]?.missionId ?? ''));
      moved.delete('');
      committed(db, (effects) => effects.missionCounts(moved));
    },
  );
}

const batchers = new WeakMap<Db, Map<string, StatementBatcher<Toggle, ToggleOutcome>>>();

function batcherFor(db: Db, sql: string): StatementBatcher<Toggle, ToggleOutcome> {
  let byStatement = batchers.get(db);
  if (!byStatement) {
    byStatement = new Map();
    batchers.set(db, byStatement);
  }
  let batcher = byStatement.get(sql);
  if (!batcher) {
    batcher = toggleBatcher(db, sql);
    byStatement.set(sql, batcher);
  }
  return batcher;
}

async function runToggle(db: Db, sql: string, missionId: string, userId: string): Promise<'removed' | 'added' | 'lost_race'> {
  const outcome = await batcherFor(db, sql).submit({ missionId, userId, key: `${missionId}/${userId}` });
  if (!outcome) throw new Error('the toggle statement returned no row for a toggle');
  // A row we deleted means the mission existed at that moment, even if it is being deleted now.
  if (outcome.deleted) return 'removed';
  if (outcome.mission_hidden) throw businessError(MISSION_MESSAGES.hiddenNoEngagement);
  if (!outcome.mission_found) throw businessError(MISSION_MESSAGES.notFound);
  return outcome.inserted ? 'added' : 'lost_race';
}

/**
 * Toggles userId's vote on missionId: 'voted', 'unvoted', or 'already_voted' when a concurrent
 * toggle of the same pair (from another server process) inserted the vote first. ('no_vote_found'
 * cannot happen in this design: a toggle that finds no vote adds one.) Unknown mission: P0001
 * "Mission not found"; a mission the organisers hid: P0001 saying so. Exported so the load benchmark can call exactly this path.
 */
export async function toggleMissionVote(db: Db, missionId: string, userId: string): Promise<VoteResult> {
  const result = await runToggle(db, TOGGLE_VOTE_SQL, missionId, userId);
  return result === 'removed' ? 'unvoted' : result === 'added' ? 'voted' : 'already_voted';
}

/** The same toggle for subscriptions: 'subscribed', 'unsubscribed' or 'already_subscribed'. */
export async function toggleMissionSubscription(db: Db, missionId: string, userId: string): Promise<SubscriptionResult> {
  const result = await runToggle(db, TOGGLE_SUBSCRIPTION_SQL, missionId, userId);
  return result === 'removed' ? 'unsubscribed' : result === 'added' ? 'subscribed' : 'already_subscribed';
}
