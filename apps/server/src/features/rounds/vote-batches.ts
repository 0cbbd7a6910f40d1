import type { MyRoundVote, RoundVoteAnswer } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { BatchQueue } from '../../db/batch-queue.ts';
import { committed } from '../../kernel/effects.ts';
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
candidate as (
  select a.n, m.mission_id from asked a join missions m on m.mission_id = a.mission_id cross join round r
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
select a.n, r.votes_per_person,
       coalesce((select json_agg(json_build_object('mission_id', v.mission_id, 'slot', v.slot, 'receipt', v.receipt,
                                                   'cast_at', ${iso('v.created_at')}) order by v.slot)
                   from mine v where v.user_id = a.user_id), '[]'::json) as my_votes
  from asked a cross join round r
 where exists (select 1 from inserted i where i.receipt = a.receipt)`;

/** What a batch answers for one vote: the voter's answer when it was cast, or null (then castVote tries it alone). */
type BatchOutcome = RoundVoteAnswer | null;

interface PendingVote {
  missionId: string;
  /** The voter: a person with a vote on its way waits for that batch before their next vote joins one. */
  key: string;
  receipt: string;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

/** Sends one round's votes in batches (db/batch-queue.ts), at most one vote of a person in each. */
class RoundVoteBatcher {
  private readonly queue: BatchQueue<PendingVote>;

  constructor(
    private readonly db: Db,
    private readonly roundId: string,
  ) {
    this.queue = new BatchQueue(db.kind, (batch) => this.send(batch));
  }

  cast(missionId: string, userId: string): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => this.queue.add({ missionId, key: userId, receipt: newReceipt(), resolve, reject }));
  }

  get idle(): boolean {
    return this.queue.idle;
  }

  /** Never rejects: each vote gets its own outcome or its own error. */
  private async send(batch: PendingVote[]): Promise<void> {
    let rows: { n: number; votes_per_person: number; my_votes: MyRoundVote[] }[];
    try {
      rows = await this.db.query(CAST_BATCH, [
        this.roundId,
        batch.map((vote) => vote.missionId),
        batch.map((vote) => vote.key),
        batch.map((vote) => vote.receipt),
      ]);
    } catch (error) {
      // The statement failed as a whole (a malformed id, say) and wrote nothing: each vote is tried
      // alone, which answers its own error.
      const [only] = batch;
      if (batch.length === 1 && only) only.reject(error);
      else for (const vote of batch) vote.resolve(null);
      return;
    }
    const cast = new Map(rows.map((row) => [row.n, row]));
    batch.forEach((vote, index) => {
      const row = cast.get(index + 1);
      vote.resolve(
        row
          ? {
              round_id: this.roundId,
              state: 'open',
              votes_per_person: row.votes_per_person,
              my_votes: row.my_votes,
              votes_left: Math.max(0, row.votes_per_person - row.my_votes.length),
            }
          : null,
      );
    });
    // The batch committed (one statement): one round change for all its votes.
    if (rows.length > 0) committed(this.db, (effects) => effects.roundChanged(this.roundId));
  }
}

const batchers = new WeakMap<Db, Map<string, RoundVoteBatcher>>();

/**
 * Casts a vote in a batch with the others arriving together: answers the voter's votes when it was
 * cast, or null when it was not (the caller then casts it alone, for the race's retry or the
 * refusal's reason). A batch that cast anything declares the round's change once, after its commit.
 */
export function castInBatch(db: Db, roundId: string, missionId: string, userId: string): Promise<BatchOutcome> {
  let byRound = batchers.get(db);
  if (!byRound) {
    byRound = new Map();
    batchers.set(db, byRound);
  }
  // Rounds are few and a batcher with nothing to do holds nothing: forget the others' idle ones.
  for (const [id, batcher] of byRound) if (id !== roundId && batcher.idle) byRound.delete(id);
  let batcher = byRound.get(roundId);
  if (!batcher) {
    batcher = new RoundVoteBatcher(db, roundId);
    byRound.set(roundId, batcher);
  }
  return batcher.cast(missionId, userId);
}
