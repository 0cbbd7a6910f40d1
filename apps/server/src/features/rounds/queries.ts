import type { CurrentRound, MyRoundVote, OrganiserRound, RoundMission, RoundResult, RoundResultMission, RoundSettings, RoundVoteAnswer } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { peopleSeenBy, shownNameSql } from '../../kernel/people.ts';

/** A timestamp as the wire carries it: ISO 8601 in UTC, to the millisecond. */
export const iso = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const SETTINGS_COLUMNS = `r.round_id, r.name, r.state, r.votes_per_person, r.allow_own_mission, r.show_counts_while_open, r.allow_repeat_votes,
  r.checked_in_only,  r.all_missions, ${iso('r.opens_at')} as opens_at, ${iso('r.closes_at')} as closes_at, ${iso('r.opened_at')} as opened_at,
  ${iso('r.closed_at')} as closed_at, ${iso('r.revealed_at')} as revealed_at`;

/**
 * The missions of round `r` (a row alias): its shortlist, or every mission when it has none. A
 * hidden mission is never in a round: not shown, not votable, not counted.
 */
export const IN_ROUND = `m.hidden_at is null
  and (r.all_missions or exists (select 1 from vote_round_missions s where s.round_id = r.round_id and s.mission_id = m.mission_id))`;

/** Whether a round's counts may be shown to attendees now (organisers see them from the console). */
export const COUNTS_PUBLIC = `(r.state = 'revealed' or (r.state in ('open', 'closed') and r.show_counts_while_open))`;

export async function findSettings(db: Queryable, roundId: string): Promise<RoundSettings | null> {
  const [row] = await db.query<RoundSettings>(`select ${SETTINGS_COLUMNS} from vote_rounds r where r.round_id = $1`, [roundId]);
  return row ?? null;
}

/**
 * The round's missions by name, each with its team's names and (when `withCounts`) its votes. The
 * same rule as IN_ROUND, read from the shortlist's key when the round has one rather than by
 * looking at every mission. Attendees (and each phone's offline copy) read the team as people_shown
 * names it; the organisers' console ('always') as the people are.
 */
export async function roundMissions(db: Queryable, roundId: string, withCounts: 'always' | 'public'): Promise<RoundMission[]> {
  const counts = withCounts === 'always' ? 'true' : COUNTS_PUBLIC;
  return db.query<RoundMission>(
    `select m.mission_id, m.name, m.statement,
            coalesce((select json_agg(${shownNameSql('shown')} order by mm.added_at, mm.user_id)
                        from mission_members mm join ${peopleSeenBy(withCounts === 'always' ? 'organisers' : 'attendees')} shown on shown.id = mm.user_id
                       where mm.mission_id = m.mission_id), '[]'::json) as team,
            case when ${counts}
                 then (select count(*)::int from round_votes v where v.round_id = r.round_id and v.mission_id = m.mission_id) end as vote_count
       from vote_rounds r
       cross join lateral (
         select s.mission_id from vote_round_missions s where s.round_id = r.round_id and not r.all_missions
         union all
         select every.mission_id from missions every where r.all_missions
       ) chosen
       join missions m on m.mission_id = chosen.mission_id and m.hidden_at is null
      where r.round_id = $1
      order by m.name, m.mission_id`,
    [roundId],
  );
}

export async function voterCount(db: Queryable, roundId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(distinct user_id)::int as n from round_votes where round_id = $1', [roundId]);
  return row?.n ?? 0;
}

/** What a vote answers: the caller's votes and how many they have left, in one statement. */
export async function voteAnswer(db: Queryable, roundId: string, userId: string): Promise<RoundVoteAnswer | null> {
  const [row] = await db.query<Omit<RoundVoteAnswer, 'votes_left'>>(
    `select r.round_id, r.state, r.votes_per_person,
            coalesce((select json_agg(json_build_object('mission_id', v.mission_id, 'slot', v.slot, 'receipt', v.receipt,
                                                        'cast_at', ${iso('v.created_at')}) order by v.slot)
                        from round_votes v where v.round_id = r.round_id and v.user_id = $2), '[]'::json) as my_votes
       from vote_rounds r where r.round_id = $1`,
    [roundId, userId],
  );
  return row ? { ...row, votes_left: Math.max(0, row.votes_per_person - row.my_votes.length) } : null;
}

export async function myVotes(db: Queryable, roundId: string, userId: string): Promise<MyRoundVote[]> {
  return db.query<MyRoundVote>(
    `select v.mission_id, v.slot, v.receipt, ${iso('v.created_at')} as cast_at
       from round_votes v where v.round_id = $1 and v.user_id = $2 order by v.slot`,
    [roundId, userId],
  );
}

/**
 * The round attendees and the projector follow: the open one; otherwise the last closed or
 * revealed round changed. Never a draft: its shortlist is the organisers' until they open it
 * (docs/product.md#voting-rounds).
 */
export async function currentRoundId(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ round_id: string }>(
    `select round_id from vote_rounds where state <> 'draft' order by (state = 'open') desc, updated_at desc, created_at desc, round_id limit 1`,
  );
  return row?.round_id ?? null;
}

/** A round as one person sees it: the counts only when they are public, the person's own votes and receipts. */
export async function roundFor(db: Queryable, roundId: string, userId: string): Promise<CurrentRound | null> {
  const [row] = await db.query<RoundSettings & { server_time: string }>(
    `select ${SETTINGS_COLUMNS}, ${iso('clock_timestamp()')} as server_time from vote_rounds r where r.round_id = $1`,
    [roundId],
  );
  if (!row) return null;
  const mine = await myVotes(db, roundId, userId);
  return {
    ...row,
    missions: await roundMissions(db, roundId, 'public'),
    voter_count: await voterCount(db, roundId),
    my_votes: mine,
    votes_left: Math.max(0, row.votes_per_person - mine.length),
  };
}

/** Every round for the console, newest first, with its counts in every state. */
export async function organiserRounds(db: Queryable, roundId: string | null = null): Promise<OrganiserRound[]> {
  const rows = await db.query<RoundSettings & { created_at: string; voter_count: number; vote_count: number }>(
    `select ${SETTINGS_COLUMNS}, ${iso('r.created_at')} as created_at,
            (select count(distinct v.user_id)::int from round_votes v where v.round_id = r.round_id) as voter_count,
            (select count(*)::int from round_votes v join missions m on m.mission_id = v.mission_id
              where v.round_id = r.round_id and m.hidden_at is null) as vote_count
       from vote_rounds r
      where $1::uuid is null or r.round_id = $1
      order by r.created_at desc, r.round_id`,
    [roundId],
  );
  const rounds: OrganiserRound[] = [];
  for (const row of rows) rounds.push({ ...row, missions: await roundMissions(db, row.round_id, 'always') });
  return rounds;
}

/** A round's result: each mission's count and the sorted receipts of exactly the votes counted. */
export async function roundResult(db: Queryable, settings: RoundSettings): Promise<RoundResult> {
  const missions = await db.query<RoundResultMission>(
    `select m.mission_id, m.name, m.statement,
            (select count(*)::int from mission_members mm where mm.mission_id = m.mission_id) as team_size,
            count(v.receipt)::int as vote_count,
            coalesce(json_agg(v.receipt order by v.receipt) filter (where v.receipt is not null), '[]'::json) as receipts
       from vote_rounds r
       join missions m on ${IN_ROUND}
       left join round_votes v on v.round_id = r.round_id and v.mission_id = m.mission_id
      where r.round_id = $1
      group by m.mission_id
      order by count(v.receipt) desc, m.name, m.mission_id`,
    [settings.round_id],
  );
  return {
    round: settings,
    missions,
    voter_count: await voterCount(db, settings.round_id),
    vote_count: missions.reduce((sum, mission) => sum + mission.vote_count, 0),
  };
}
