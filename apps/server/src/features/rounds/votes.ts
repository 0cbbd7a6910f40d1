import { randomBytes } from 'node:crypto';
import { ROUND_MESSAGES } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { committed } from '../../kernel/effects.ts';

/**
 * The round, only while it is open by the database's clock, locked FOR SHARE: a close waits for
 * the votes being written, and a vote that comes after the close sees the closed row and finds
 * nothing. $1 round.
 */
export const OPEN_ROUND = `select r.round_id, r.votes_per_person, r.allow_own_mission, r.all_missions, r.allow_repeat_votes
    from vote_rounds r
   where r.round_id = $1 and r.state = 'open' and (r.closes_at is null or clock_timestamp() < r.closes_at)
   for share`;

/** 16 random bytes from the operating system's generator: 128 bits no one can guess (docs/decisions/028-vote-receipts.md). */
export function newReceipt(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Takes one vote back while the round is open (its receipt goes with it): with several votes for
 * the mission, the last one cast.
 */
export async function withdrawVote(db: Db, roundId: string, missionId: string, userId: string): Promise<void> {
  const rows = await db.query<{ mission_id: string }>(
    `with round as (${OPEN_ROUND})
     delete from round_votes v using round r
      where v.round_id = r.round_id and v.user_id = $3
        and v.slot = (select max(mine.slot) from round_votes mine where mine.round_id = r.round_id and mine.user_id = $3 and mine.mission_id = $2)
     returning v.mission_id`,
    [roundId, missionId, userId],
  );
  if (rows.length > 0) return committed(db, (effects) => effects.roundChanged(roundId));
  const [round] = await db.query<{ state: string; past_close: boolean }>(
    `select state, coalesce(clock_timestamp() >= closes_at, false) as past_close from vote_rounds where round_id = $1`,
    [roundId],
  );
  if (!round) throw businessError(ROUND_MESSAGES.notFound);
  if (round.state === 'draft') throw businessError(ROUND_MESSAGES.notYetOpen);
  if (round.state !== 'open' || round.past_close) throw businessError(ROUND_MESSAGES.closed);
  throw businessError(ROUND_MESSAGES.notYourVote);
}
