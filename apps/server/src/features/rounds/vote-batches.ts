import { CHECKIN_MESSAGES, ROUND_MESSAGES, type MyRoundVote, type RoundVoteAnswer } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { StatementBatcher } from '../../db/batch-queue.ts';
import { businessError } from '../../http/errors.ts';
import { committed } from '../../kernel/effects.ts';
import { checkedInSql } from '../../kernel/presence.ts';
import { IN_ROUND, iso } from './queries.ts';
import { newReceipt } from './votes.ts';

/**
 * The voting rules of a round, in ONE statement (docs/product.md#voting-rounds), for a batch of
 * votes in one round, a single vote being a batch of one. It casts every vote the rules allow and
 * answers, for each, either the voter's votes or the rule that refused it, read in the same
 * statement from the same rows; the refusal's words come from that answer (REFUSALS).
 *
 * The rules: the round exists and is open by the database's clock (locked FOR SHARE, so a close
 * waits for the votes being written and a vote after it sees the closed row); the mission is in
 * the round and not hidden (its row locked, so hiding waits); not the voter's own mission unless
 * the round allows it; one vote per mission unless the round allows several; the voter's lowest
 * free slot. The database's keys still decide every race: ON CONFLICT DO NOTHING leaves a vote that
 * lost one (to a request of the same person on another instance, say) uncast as `lost_race`, and
 * it is cast again alone (castVote), where the winner is then seen. A person has at most one vote
 * in a batch, so two votes of theirs never race for one slot inside a statement.
 *
 * Batched (the one batcher, db/batch-queue.ts): in the closing panel's minute a few hundred people
 * vote at once, and a statement and a commit per vote is what made requests queue.
 */
const CAST = `with round_row as (
  select r.round_id, r.state, r.votes_per_person, r.allow_own_mission, r.all_missions, r.allow_repeat_votes, r.checked_in_only,
         r.state = 'open' and (r.closes_at is null or clock_timestamp() < r.closes_at) as is_open
    from vote_rounds r where r.round_id = $1
   for share
),
round as (select * from round_row where is_open),
asked as (
  select a.n::int as n, a.mission_id, a.user_id, a.receipt
    from unnest($2::uuid[], $3::uuid[], $4::text[]) with ordinality as a (mission_id, user_id, receipt, n)
),
locked as (
  -- The batch's missions locked before anything else reads them, in mission_id order, as every
  -- statement that locks several missions does (docs/ARCHITECTURE.md#lock-order): in the order the
  -- votes came, a batch could wait for a toggle batch that waits for it.
  select mission_id from missions where mission_id in (select mission_id from asked) order by mission_id for share
),
candidate as (
  select a.n, m.mission_id from asked a join locked l on l.mission_id = a.mission_id join missions m on m.mission_id = l.mission_id cross join round r
   where ${IN_ROUND}
     and (r.allow_own_mission or not exists (select 1 from mission_members mm where mm.mission_id = m.mission_id and mm.user_id = a.user_id))
     and (not r.checked_in_only or ${checkedInSql('a.user_id')})
   for share of m
),
free_slot as (
  select a.n, (select min(s)::smallint from generate_series(1, r.votes_per_person) as s
                where not exists (select 1 from round_votes v where v.round_id = r.round_id and v.user_id = a.user_id and v.slot = s)) as slot
    from asked a cross join round r
),
inserted as (
  insert into round_votes (round_id, mission_id, user_id, slot, receipt, repeat_allowed)
  select r.round_id, c.mission_id, a.user_id, f.slot, a.receipt, r.allow_repeat_votes
    from round r cross join asked a join candidate c on c.n = a.n join free_slot f on f.n = a.n
   where f.slot is not null
  on conflict do nothing
  returning user_id, mission_id, slot, receipt, created_at
),
mine as (
  select v.user_id, v.mission_id, v.slot, v.receipt, v.created_at
    from round_votes v join round r on v.round_id = r.round_id where v.user_id in (select user_id from inserted)
  union all
  select user_id, mission_id, slot, receipt, created_at from inserted
)
select a.n, r.votes_per_person,
       case when i.receipt is not null then
         coalesce((select json_agg(json_build_object('mission_id', v.mission_id, 'slot', v.slot, 'receipt', v.receipt,
                                                     'cast_at', ${iso('v.created_at')}) order by v.slot)
                     from mine v where v.user_id = a.user_id), '[]'::json)
       end as my_votes,
       case
         when i.receipt is not null then null
         when r.round_id is null then 'not_found'
         when r.state = 'draft' then 'not_open'
         when not r.is_open then 'closed'
         when r.checked_in_only and not ${checkedInSql('a.user_id')} then 'not_checked_in'
         when not exists (select 1 from missions m where m.mission_id = a.mission_id and ${IN_ROUND}) then 'not_in_round'
         when not r.allow_own_mission
              and exists (select 1 from mission_members mm where mm.mission_id = a.mission_id and mm.user_id = a.user_id) then 'own_mission'
         when not r.allow_repeat_votes
              and exists (select 1 from round_votes v where v.round_id = r.round_id and v.user_id = a.user_id and v.mission_id = a.mission_id) then 'already_voted'
         when f.slot is null then 'no_votes_left'
         else 'lost_race'
       end as refusal
  from asked a
  left join round_row r on true
  left join free_slot f on f.n = a.n
  left join inserted i on i.receipt = a.receipt`;

/** Why the statement did not cast a vote: each rule's name, as the statement answers it. */
type Refusal = 'not_found' | 'not_open' | 'closed' | 'not_checked_in' | 'not_in_round' | 'own_mission' | 'already_voted' | 'no_votes_left' | 'lost_race';

/** What the voter reads for each refused rule (a lost race is cast again instead). */
const REFUSALS: Record<Exclude<Refusal, 'lost_race'>, string> = {
  not_found: ROUND_MESSAGES.notFound,
  not_open: ROUND_MESSAGES.notYetOpen,
  closed: ROUND_MESSAGES.closed,
  not_checked_in: CHECKIN_MESSAGES.roundCheckedInOnly,
  not_in_round: ROUND_MESSAGES.notInRound,
  own_mission: ROUND_MESSAGES.ownMission,
  already_voted: ROUND_MESSAGES.alreadyVoted,
  no_votes_left: ROUND_MESSAGES.noVotesLeft,
};

interface CastRow {
  n: number;
  votes_per_person: number | null;
  my_votes: MyRoundVote[] | null;
  refusal: Refusal | null;
}

interface Vote {
  missionId: string;
  /** The voter: a person with a vote on its way waits for that batch before their next vote joins one. */
  key: string;
  receipt: string;
}

function castStatement(db: Db, roundId: string, votes: Vote[]): Promise<CastRow[]> {
  return db.query<CastRow>(CAST, [roundId, votes.map((vote) => vote.missionId), votes.map((vote) => vote.key), votes.map((vote) => vote.receipt)]);
}

/** The voter's answer for a cast vote, the refusal's error for a refused one, or null for a lost race. */
function outcomeOf(roundId: string, row: CastRow | null | undefined): RoundVoteAnswer | null {
  if (row?.my_votes && row.votes_per_person !== null) {
    return {
      round_id: roundId,
      state: 'open',
      votes_per_person: row.votes_per_person,
      my_votes: row.my_votes,
      votes_left: Math.max(0, row.votes_per_person - row.my_votes.length),
    };
  }
  if (row?.refusal && row.refusal !== 'lost_race') throw businessError(REFUSALS[row.refusal]);
  return null;
}

/** One round's votes, sent in batches by the one batcher, at most one vote of a person in each. */
function roundVoteBatcher(db: Db, roundId: string): StatementBatcher<Vote, CastRow> {
  return new StatementBatcher<Vote, CastRow>(
    db.kind,
    (votes) => castStatement(db, roundId, votes),
    (_votes, rows) => {
      // The batch committed (one statement): one round change for all its votes.
      if (rows.some((row) => row.my_votes !== null)) committed(db, (effects) => effects.roundChanged(roundId));
    },
  );
}

const batchers = new WeakMap<Db, Map<string, StatementBatcher<Vote, CastRow>>>();

/**
 * Casts a vote in a batch with the others arriving together: answers the voter's votes when it was
 * cast, throws the refusal when a rule refused it, or answers null when it lost a race (the caller
 * then casts it alone). A batch that cast anything declares the round's change once, after its commit.
 */
export async function castInBatch(db: Db, roundId: string, missionId: string, userId: string): Promise<RoundVoteAnswer | null> {
  let byRound = batchers.get(db);
  if (!byRound) {
    byRound = new Map();
    batchers.set(db, byRound);
  }
  // Rounds are few and a batcher with nothing to do holds nothing: forget the others' idle ones.
  for (const [id, batcher] of byRound) if (id !== roundId && batcher.idle) byRound.delete(id);
  let batcher = byRound.get(roundId);
  if (!batcher) {
    batcher = roundVoteBatcher(db, roundId);
    byRound.set(roundId, batcher);
  }
  return outcomeOf(roundId, await batcher.submit({ missionId, key: userId, receipt: newReceipt() }));
}

/**
 * Casts one vote alone, by the same statement: two requests of one person may race for the same
 * free slot, and the loser tries again (it then sees the winner's vote). Refuses with the rule's
 * words when the round, the mission or the person's votes do not allow it.
 */
export async function castVote(db: Db, roundId: string, missionId: string, userId: string): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const [row] = await castStatement(db, roundId, [{ missionId, key: userId, receipt: newReceipt() }]);
    if (outcomeOf(roundId, row)) return committed(db, (effects) => effects.roundChanged(roundId));
  }
  throw businessError(ROUND_MESSAGES.noVotesLeft);
}
