import { FEEDBACK_ASK_WITHIN_HOURS } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { transaction } from '../../kernel/effects.ts';
import { publishedParts } from './parts.ts';

/**
 * "How was {part}?" in the bell once a part has ended (docs/product.md#feedback), for the people
 * who took part: who starred it (My agenda), answered one of its polls, asked one of its questions
 * or upvoted one. The notification jobs call this on every pass with their clock (tests set it).
 * Each part is claimed once in `part_feedback_asked`, in the same statement that writes its
 * notifications, so whichever instance's pass gets there first asks, once, across restarts; a
 * part that ended more than FEEDBACK_ASK_WITHIN_HOURS ago, or whose feedback is switched off, asks
 * nobody. Answers how many people it asked.
 */
export async function askForFeedback(db: Db, now: Date): Promise<number> {
  const window = FEEDBACK_ASK_WITHIN_HOURS * 3600_000;
  const due = (await publishedParts(db)).filter(({ endsAt }) => endsAt.getTime() <= now.getTime() && now.getTime() - endsAt.getTime() < window);
  if (due.length === 0) return 0;
  return transaction(db, async (tx) => {
    const [row] = await tx.query<{ n: number }>(
      `with due as (select * from unnest($1::text[], $2::timestamptz[]) as listed(part_id, ended_at)),
       claimed as (
         insert into part_feedback_asked (part_id, ended_at)
         select due.part_id, due.ended_at from due
          where not exists (select 1 from part_feedback_off off where off.part_id = due.part_id)
         on conflict (part_id) do nothing
         returning part_id
       ),
       people as (
         select starred.user_id, starred.part_id from agenda_favourites starred join claimed using (part_id)
         union
         select answer.user_id, poll.part_id from poll_answers answer join polls poll using (poll_id) join claimed using (part_id)
         union
         select question.asked_by, question.part_id from questions question join claimed using (part_id)
         union
         select vote.user_id, question.part_id from question_votes vote join questions question using (question_id) join claimed using (part_id)
       ),
       told as (
         insert into notifications (user_id, kind, parts)
         select user_id, 'feedback_requested', array[part_id] from people
         on conflict do nothing
         returning 1
       ) select count(*)::int as n from told`,
      [due.map((part) => part.partId), due.map((part) => part.endsAt.toISOString())],
    );
    const told = Number(row?.n ?? 0);
    if (told > 0) tx.effects.notificationsWritten();
    return told;
  });
}
