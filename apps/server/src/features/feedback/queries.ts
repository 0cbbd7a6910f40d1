import type { MyPartFeedback, PartFeedbackSummary } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import type { EndedPart } from './parts.ts';

/** The caller's own feedback on a part, and whether they may give it now. */
export async function myFeedback(db: Queryable, part: EndedPart, userId: string, now: Date): Promise<MyPartFeedback> {
  const [row] = await db.query<{ switched_off: boolean; rating: number | null; comment: string | null }>(
    `select exists (select 1 from part_feedback_off where part_id = $1) as switched_off,
            (select rating from part_feedback where part_id = $1 and user_id = $2) as rating,
            (select comment from part_feedback where part_id = $1 and user_id = $2) as comment`,
    [part.partId, userId],
  );
  const switchedOff = row?.switched_off ?? false;
  return {
    part_id: part.partId,
    open: !switchedOff && part.endsAt.getTime() <= now.getTime(),
    switched_off: switchedOff,
    rating: row?.rating ?? null,
    comment: row?.comment ?? null,
  };
}

/** Every published part's feedback for the organisers: counts, average, distribution and comments, never who. */
export async function summaries(db: Queryable, parts: readonly EndedPart[]): Promise<PartFeedbackSummary[]> {
  const rows = await db.query<Omit<PartFeedbackSummary, 'title'>>(
    `select listed.part_id,
            exists (select 1 from part_feedback_off off where off.part_id = listed.part_id) as switched_off,
            (select count(*)::int from part_feedback f where f.part_id = listed.part_id) as count,
            (select round(avg(f.rating), 2)::float8 from part_feedback f where f.part_id = listed.part_id) as average,
            array(select (select count(*)::int from part_feedback f where f.part_id = listed.part_id and f.rating = r) from generate_series(1, 5) r order by r) as distribution,
            array(select f.comment from part_feedback f where f.part_id = listed.part_id and f.comment <> '' order by f.given_at, f.comment) as comments
       from unnest($1::text[]) with ordinality as listed(part_id, place)
      order by listed.place`,
    [parts.map((part) => part.partId)],
  );
  const titles = new Map(parts.map((part) => [part.partId, part.title]));
  return rows.map((row) => ({ ...row, title: titles.get(row.part_id) ?? row.part_id }));
}
