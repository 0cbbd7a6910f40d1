import { MISSION_FROM_QUESTION_VOTES, QUESTION_MESSAGES } from '@mc/contract';
import type { Tx } from '../../kernel/effects.ts';
import { businessError } from '../../http/errors.ts';

/*
 * A mission started from a question (docs/product.md#missions-from-questions,
 * docs/decisions/059-missions-from-questions.md). create_mission calls these in its own
 * transaction: the question is checked before the mission is written, and the link, the bell of
 * the asker and the upvoters and the part's live count go with the mission or not at all.
 */

/** What create_mission needs to know of the question it starts from. */
export interface SourceQuestion {
  question_id: string;
  part_id: string;
}

/**
 * The question a mission may start from, for `userId`: one everyone can see (not hidden, not
 * waiting for a host), asked by them, or with at least MISSION_FROM_QUESTION_VOTES upvotes. The row
 * is locked, so a host hiding it at the same moment waits for the mission (or the mission for them).
 */
export async function questionToStartFrom(tx: Tx, questionId: string, userId: string): Promise<SourceQuestion> {
  const [question] = await tx.query<{ question_id: string; part_id: string; state: string; mine: boolean; votes: number }>(
    `select q.question_id, q.part_id, q.state, q.asked_by = $2 as mine,
            (select count(*)::int from question_votes v where v.question_id = q.question_id) as votes
       from questions q where q.question_id = $1 for update`,
    [questionId, userId],
  );
  if (!question) throw businessError(QUESTION_MESSAGES.notFound);
  if (question.state !== 'visible') throw businessError(QUESTION_MESSAGES.missionNotVisible);
  if (!question.mine && question.votes < MISSION_FROM_QUESTION_VOTES) throw businessError(QUESTION_MESSAGES.missionNotAllowed);
  return { question_id: question.question_id, part_id: question.part_id };
}

/**
 * Links the new mission to its question and tells the asker and everyone who upvoted it (never the
 * one who started it), once each, in one statement: one mission event `question_became_mission`
 * and a notification per reader, marked for their next e-mail when they have mail switched on, as
 * every bell kind is. The bell names the mission and who started it (through people_shown), never
 * the asker. The part's questions screens and projector get their new "Missions started here".
 */
export async function linkMissionToQuestion(tx: Tx, missionId: string, question: SourceQuestion, userId: string): Promise<void> {
  await tx.query(
    `with link as (
       insert into question_missions (mission_id, question_id, part_id, started_by) values ($1, $2, $3, $4) returning mission_id
     ), event as (
       insert into mission_events (kind, mission_id, actor_id, data)
       select 'question_became_mission', mission_id, $4, jsonb_build_object('question', $2::text) from link
       returning id
     ), readers as (
       select asked_by as user_id from questions where question_id = $2
       union
       select user_id from question_votes where question_id = $2
     )
     insert into notifications (user_id, event_id, kind, mail_pending)
     select readers.user_id, event.id, 'question_became_mission',
            exists (select 1 from notification_settings mail where mail.user_id = readers.user_id and mail.email_digest <> 'off')
       from readers cross join event
      where readers.user_id <> $4
     on conflict do nothing`,
    [missionId, question.question_id, question.part_id, userId],
  );
  tx.effects.notificationsWritten();
  tx.effects.questionsChanged(question.part_id);
}
