import { POLL_TOP_ANSWERS, type PartPoll, type PublicPoll } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';

/**
 * A poll as anyone may see it (docs/product.md#polls): how many answered, and the results only
 * when they are not hidden or the poll has closed. Counted by the database from the answers as
 * they are, so a count is exact whoever answers at once. The open answers are grouped without
 * regard to case and spaces, the most given first.
 */
const PUBLIC_POLL = `
  p.poll_id, p.part_id, p.kind, p.question, p.options, p.state, p.hide_results, p.checked_in_only,
  (select count(*)::int from poll_answers a where a.poll_id = p.poll_id) as answer_count,
  case when not p.hide_results or p.state = 'closed' then json_build_object(
    'counts', case p.kind
      when 'rating' then (select json_agg((select count(*)::int from poll_answers a where a.poll_id = p.poll_id and a.rating = r) order by r)
                            from generate_series(1, 5) r)
      when 'open' then '[]'::json
      else (select json_agg((select count(*)::int from poll_answers a where a.poll_id = p.poll_id and (i - 1) = any(a.choices)) order by i)
              from generate_series(1, cardinality(p.options)) i) end,
    'average', case when p.kind = 'rating' then (select round(avg(a.rating), 2)::float8 from poll_answers a where a.poll_id = p.poll_id) end,
    'top', case when p.kind = 'open' then coalesce((
      select json_agg(json_build_object('text', t.text, 'count', t.n) order by t.n desc, t.text)
        from (select min(a.answer) as text, count(*)::int as n from poll_answers a where a.poll_id = p.poll_id
               group by lower(regexp_replace(a.answer, '\\s+', ' ', 'g')) order by n desc, min(a.answer) limit ${POLL_TOP_ANSWERS}) t), '[]'::json)
      else '[]'::json end) end as results,
  ${isoTime('p.opened_at')} as opened_at, ${isoTime('p.closed_at')} as closed_at`;

/** A part's polls anyone may see (not the drafts), newest first: what the live channel sends. */
export async function publicPolls(db: Queryable, partIds: readonly string[]): Promise<PublicPoll[]> {
  return db.query<PublicPoll>(
    `select ${PUBLIC_POLL} from polls p where p.part_id = any($1::text[]) and p.state <> 'draft' order by p.part_id, p.created_at desc, p.poll_id`,
    [partIds],
  );
}

/** A part's polls as the caller sees them: with their own answer, and the drafts for a host. */
export async function partPolls(db: Queryable, partId: string, userId: string, withDrafts: boolean): Promise<PartPoll[]> {
  return db.query<PartPoll>(
    `select ${PUBLIC_POLL},
            (select json_build_object('choices', mine.choices, 'rating', mine.rating, 'text', mine.answer)
               from poll_answers mine where mine.poll_id = p.poll_id and mine.user_id = $2) as my_answer
       from polls p where p.part_id = $1 and (p.state <> 'draft' or $3) order by p.created_at desc, p.poll_id`,
    [partId, userId, withDrafts],
  );
}

/** A part's title in the newest published programme ('' when it is no longer there). */
export async function partTitle(db: Queryable, partId: string): Promise<string> {
  const [row] = await db.query<{ title: string }>(
    `select part->>'title' as title
       from programme_versions newest
       cross join lateral jsonb_array_elements(newest.document->'agenda') as session
       cross join lateral jsonb_array_elements(session->'parts') as part
      where newest.version = (select max(version) from programme_versions) and part->>'id' = $1`,
    [partId],
  );
  return row?.title ?? '';
}

export interface PollRow {
  poll_id: string;
  part_id: string;
  kind: PublicPoll['kind'];
  question: string;
  options: string[];
  state: PublicPoll['state'];
  checked_in_only: boolean;
}

export async function findPoll(db: Queryable, pollId: string): Promise<PollRow | null> {
  const [row] = await db.query<PollRow>('select poll_id, part_id, kind, question, options, state, checked_in_only from polls where poll_id = $1', [pollId]);
  return row ?? null;
}
