import { CHECKIN_MESSAGES, POLL_MESSAGES, POLL_OPEN_ANSWER_MAX, POLL_RATING_MAX, POLL_RATING_MIN, type ParsedProcedureParams } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { transaction } from '../../kernel/effects.ts';
import { isCheckedIn } from '../../kernel/presence.ts';
import { findPoll, type PollRow } from './queries.ts';

/** What is stored of one answer: exactly one of the three. */
interface StoredAnswer {
  choices: number[] | null;
  rating: number | null;
  answer: string | null;
}

/** The answer a poll of this kind takes from the parameters, or the product's message for what is wrong with it. */
export function answerFor(poll: Pick<PollRow, 'kind' | 'options'>, params: ParsedProcedureParams<'answer_poll'>): StoredAnswer {
  const none = { choices: null, rating: null, answer: null };
  if (poll.kind === 'rating') {
    const rating = params.p_rating;
    if (rating === null || rating < POLL_RATING_MIN || rating > POLL_RATING_MAX) throw businessError(POLL_MESSAGES.rating);
    return { ...none, rating };
  }
  if (poll.kind === 'open') {
    const text = (params.p_text ?? '').trim().replace(/\s+/g, ' ');
    if (text.length === 0 || text.length > POLL_OPEN_ANSWER_MAX) throw businessError(POLL_MESSAGES.openAnswer);
    return { ...none, answer: text };
  }
  const choices = [...new Set(params.p_choices ?? [])].sort((a, b) => a - b);
  if (poll.kind === 'single' && choices.length !== 1) throw businessError(POLL_MESSAGES.chooseOne);
  if (choices.length === 0) throw businessError(POLL_MESSAGES.chooseSome);
  if (choices.some((choice) => choice < 0 || choice >= poll.options.length)) throw businessError(POLL_MESSAGES.unknownOption);
  return { ...none, choices };
}

function refusalFor(state: PollRow['state']): string {
  return state === 'draft' ? POLL_MESSAGES.notYetOpen : POLL_MESSAGES.closed;
}

/**
 * Saves the caller's answer: one row per person and poll, replaced while the poll is open (INSERT …
 * ON CONFLICT), taken only while the poll is open as the database has it. The row lock the insert
 * shares with every other answer is the one closing the poll takes alone, so an answer is either
 * in before the close or refused after it; the counts are read from the rows, never kept.
 */
export async function saveAnswer(db: Db, params: ParsedProcedureParams<'answer_poll'>, userId: string): Promise<string> {
  const poll = await findPoll(db, params.p_poll_id);
  if (!poll) throw businessError(POLL_MESSAGES.notFound);
  if (poll.state !== 'open') throw businessError(refusalFor(poll.state));
  // Nobody is checked out again, so asking before the answer's transaction cannot let the wrong person in.
  if (poll.checked_in_only && !(await isCheckedIn(db, userId))) throw businessError(CHECKIN_MESSAGES.pollCheckedInOnly);
  const answer = answerFor(poll, params);
  return transaction(db, async (tx) => {
    const saved = await tx.query<{ part_id: string }>(
      `with open_poll as (select poll_id, part_id from polls where poll_id = $1 and state = 'open' for share),
       saved as (
         insert into poll_answers (poll_id, user_id, choices, rating, answer)
         select poll_id, $2, $3::smallint[], $4, $5 from open_poll
         on conflict (poll_id, user_id) do update
           set choices = excluded.choices, rating = excluded.rating, answer = excluded.answer, answered_at = now()
         returning poll_id
       ) select open_poll.part_id from open_poll join saved using (poll_id)`,
      [poll.poll_id, userId, answer.choices, answer.rating, answer.answer],
    );
    if (saved.length === 0) {
      const now = await findPoll(tx, poll.poll_id);
      throw businessError(now ? refusalFor(now.state) : POLL_MESSAGES.notFound);
    }
    tx.effects.pollChanged(poll.part_id, 'answers');
    return poll.part_id;
  });
}
