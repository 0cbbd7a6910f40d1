import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { Rocket } from 'lucide-react';
import { MISSION_FROM_QUESTION_VOTES, type PartQuestion } from '@mc/contract/questions.ts';
import { buttonClasses } from '../../components/ui';
import { paths } from '../../lib/paths';

/**
 * From a question to a mission (docs/product.md#missions-from-questions): the way to the mission
 * form, filled in with the question, and how many missions a part's questions started.
 */

/** What the mission form reads of the question it starts from (the navigation's state). */
export interface QuestionForMission {
  question_id: string;
  body: string;
  part_id: string;
}

/** The mission form, told which question it starts from (the server checks the question again). */
export const missionFromQuestionPath = (questionId: string): string => `${paths.createMission()}?question=${encodeURIComponent(questionId)}`;

/** Whether the person may start a mission from the question: the asker, or anyone once it has 10 votes; never from one not everyone sees. */
export function mayStartMission(question: Pick<PartQuestion, 'state' | 'mine' | 'vote_count'>): boolean {
  return question.state === 'visible' && (question.mine || question.vote_count >= MISSION_FROM_QUESTION_VOTES);
}

/** "Start a mission from this question", under a question the person may start one from. */
export function StartMissionLink({ question, partId }: { question: PartQuestion; partId: string }) {
  const { _ } = useLingui();
  if (!mayStartMission(question)) return null;
  const state: { fromQuestion: QuestionForMission } = { fromQuestion: { question_id: question.question_id, body: question.body, part_id: partId } };
  return (
    <Link to={missionFromQuestionPath(question.question_id)} state={state} className={buttonClasses('secondary', 'sm', 'mt-2')}>
      <Rocket aria-hidden="true" className="size-4" />
      {_('questions.startMission')}
    </Link>
  );
}

/** "Missions started here: {n}" on a part's questions screen and its projector, kept current by the part's live topic. */
export function MissionsStarted({ count, large = false }: { count: number; large?: boolean }) {
  const { _ } = useLingui();
  // Nothing to say until the first mission starts.
  if (count === 0) return null;
  return (
    <p data-testid="missions-started" aria-live="polite" className={large ? 'text-xl text-emerald-200 lg:text-2xl' : 'text-sm text-emerald-200'}>
      {_('questions.missionsStarted', { count })}
    </p>
  );
}
