import { randomBytes } from 'node:crypto';
import { ROUND_MESSAGES } from '@mc/contract';
import { sqlState, type Db } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { committed } from '../../kernel/effects.ts';
import { IN_ROUND } from './queries.ts';
import { constraintOf } from './state.ts';

/**
 * The round, only while it is open by the database's clock, locked FOR SHARE: a close waits for
 * the votes being written, and a vote that comes after the close sees the closed row and finds
 * nothing. $1 round.
 */
export const OPEN_ROUND = `select r.round_id, r.votes_per_person, r.allow_own_mission, r.all_missions, r.allow_repeat_votes
    from vote_rounds r
   where r.round_id = $1 and r.state = 'open' and (r.closes_at is null or clock_timestamp() < r.closes_at)
   for share`;

/**
 * One statement: the open check, the mission check (in the round, not hidden, not the voter's own
 * unless allowed; the mission row locked so hiding waits), the lowest free slot, and the insert.
 * The keys settle what concurrent requests of one person race for: the slot (migration 017), and
 * one vote per mission unless the round allows more (the vote carries the round's rule, which a
 * foreign key keeps equal to the round's, and a partial unique index applies; migration 020).
 */
const CAST = `with round as (${OPEN_ROUND}),
candidate as (
  select m.mission_id from missions m cross join round r
   where m.mission_id = $2 and ${IN_ROUND}
     and (r.allow_own_mission or not exists (select 1 from mission_members mm where mm.mission_id = m.mission_id and mm.user_id = $3))
   for share of m
),
free_slot as (
  select min(n)::smallint as slot from round r cross join generate_series(1, r.votes_per_person) as n
   where not exists (select 1 from round_votes v where v.round_id = r.round_id and v.user_id = $3 and v.slot = n)
)
insert into round_votes (round_id, mission_id, user_id, slot, receipt, repeat_allowed)
select r.round_id, c.mission_id, $3, f.slot, $4, r.allow_repeat_votes from round r, candidate c, free_slot f where f.slot is not null
returning mission_id`;

/** The partial unique index that keeps one vote per mission in rounds that want it (migration 020). */
const ONE_PER_MISSION_INDEX = 'round_votes_one_per_mission';

/** 16 random bytes from the operating system's generator: 128 bits no one can guess (docs/decisions/028-vote-receipts.md). */
export function newReceipt(): string {
  return randomBytes(16).toString('hex');
}

/** Casts one vote; refuses with the reason when the round, the mission or the person's votes do not allow it. */
export async function castVote(db: Db, roundId: string, missionId: string, userId: string): Promise<void> {
  // Two requests of one person may race for the same free slot; the loser tries the next one.
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      const rows = await db.query<{ mission_id: string }>(CAST, [roundId, missionId, userId, newReceipt()]);
      if (rows.length > 0) return committed(db, (effects) => effects.roundChanged(roundId));
      throw businessError(await whyNotCast(db, roundId, missionId, userId));
    } catch (error) {
      if (sqlState(error) !== '23505') throw error;
      if (constraintOf(error) === ONE_PER_MISSION_INDEX) throw businessError(ROUND_MESSAGES.alreadyVoted);
    }
  }
  throw businessError(ROUND_MESSAGES.noVotesLeft);
}

/** Why nothing was inserted, read after the fact (the refusal's words only; nothing depends on it). */
async function whyNotCast(db: Db, roundId: string, missionId: string, userId: string): Promise<string> {
  const [row] = await db.query<{ state: string; past_close: boolean; in_round: boolean; own: boolean; voted_it: boolean; left: number }>(
    `select r.state, coalesce(clock_timestamp() >= r.closes_at, false) as past_close,
            exists (select 1 from missions m where m.mission_id = $2 and ${IN_ROUND}) as in_round,
            exists (select 1 from mission_members mm where mm.mission_id = $2 and mm.user_id = $3) and not r.allow_own_mission as own,
            not r.allow_repeat_votes
              and exists (select 1 from round_votes v where v.round_id = r.round_id and v.user_id = $3 and v.mission_id = $2) as voted_it,
            r.votes_per_person - (select count(*)::int from round_votes v where v.round_id = r.round_id and v.user_id = $3) as left
       from vote_rounds r where r.round_id = $1`,
    [roundId, missionId, userId],
  );
  if (!row) return ROUND_MESSAGES.notFound;
  if (row.state === 'draft') return ROUND_MESSAGES.notYetOpen;
  if (row.state !== 'open' || row.past_close) return ROUND_MESSAGES.closed;
  if (!row.in_round) return ROUND_MESSAGES.notInRound;
  if (row.own) return ROUND_MESSAGES.ownMission;
  if (row.voted_it) return ROUND_MESSAGES.alreadyVoted;
  return ROUND_MESSAGES.noVotesLeft;
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
