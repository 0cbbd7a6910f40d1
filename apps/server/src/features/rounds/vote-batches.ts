import type { MyRoundVote, RoundVoteAnswer } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { StatementBatcher } from '../../db/batch-queue.ts';
import { IN_ROUND, iso } from './queries.ts';
import { newReceipt, OPEN_ROUND } from './votes.ts';

/**
 * Round votes that arrive together are cast together: ONE statement (one transaction, one commit)
 * for a batch of votes in one round, which also answers each voter's votes. In the closing panel's
 * minute a few hundred people vote at once, and on a busy machine (or on PGlite's single
 * connection) a statement and a commit per vote, plus a second statement for the answer, is what
 * made requests queue. The batch applies each vote's rules exactly as a single vote does (the round
 * open by the database's clock and locked FOR SHARE, the mission in the round, not hidden, own
 * mission only if allowed, the person's lowest free slot), and the database's keys still decide
 * every race: ON CONFLICT DO NOTHING leaves a vote that lost one (to another instance, say)
 * uncast, and that vote, like every vote the batch refused, is then tried on its own (castVote),
 * which retries the race or answers the precise refusal. A person has at most one vote in a batch,
 * so two votes of theirs never race for one slot inside a statement.
 */
const CAST_BATCH = `with round as (${OPEN_ROUND}),
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
select a.n::int as n, r.votes_per_person,
       coalesce((select json_agg(json_build_object('mission_id', v.mission_id, 'slot', v.slot, 'receipt', v.receipt,
                                                   'cast_at', ${iso('v.created_at')}) order by v.slot)
                   from mine v where v.user_id = a.user_id), '[]'::json) as my_votes
  from asked a cross join round r
 where exists (select 1 from inserted i where i.receipt = a.receipt)`;

/** What a batch answers for one vote: the voter's answer when it was cast, or null (then castVote tries it alone). */
type BatchOutcome = RoundVoteAnswer | null;

interface Vote {
  missionId: string;
  /** The voter: a person with a vote on its way waits for that batch before their next vote joins one. */
  key: string;
  receipt: string;
}

interface CastRow {
  n: number;
  votes_per_person: number;
  my_votes: MyRoundVote[];
}

/** One round's votes, sent in batches by the one batcher (db/batch-queue.ts), at most one vote of a person in each. */
function roundVoteBatcher(db: Db, roundId: string, onCast: () => void): StatementBatcher<Vote, CastRow> {
  return new StatementBatcher<Vote, CastRow>(
    db.kind,
    (votes) => db.query<CastRow>(CAST_BATCH, [roundId, votes.map((vote) => vote.missionId), votes.map((vote) => vote.key), votes.map((vote) => vote.receipt)]),
    () => onCast(),
  );
}

const batchers = new WeakMap<Db, Map<string, StatementBatcher<Vote, CastRow>>>();

/**
 * Casts a vote in a batch with the others arriving together: answers the voter's votes when it was
 * cast, or null when it was not (the caller then casts it alone, for the race's retry or the
 * refusal's reason). `onCast` runs once per batch that cast anything, after its commit.
 */
export async function castInBatch(db: Db, roundId: string, missionId: string, userId: string, onCast: () => void): Promise<BatchOutcome> {
  let byRound = batchers.get(db);
  if (!byRound) {
    byRound = new Map();
    batchers.set(db, byRound);
  }
  // Rounds are few and a batcher with nothing to do holds nothing: forget the others' idle ones.
  for (const [id, batcher] of byRound) if (id !== roundId && batcher.idle) byRound.delete(id);
  let batcher = byRound.get(roundId);
  if (!batcher) {
    batcher = roundVoteBatcher(db, roundId, onCast);
    byRound.set(roundId, batcher);
  }
  const row = await batcher.submit({ missionId, key: userId, receipt: newReceipt() });
  return row
    ? {
        round_id: roundId,
        state: 'open',
        votes_per_person: row.votes_per_person,
        my_votes: row.my_votes,
        votes_left: Math.max(0, row.votes_per_person - row.my_votes.length),
      }
    : null;
}
