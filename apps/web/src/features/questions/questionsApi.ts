import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AskingMode, ModerationAction, PartQuestions, QuestionSort, QuestionsLiveEvent } from '@mc/contract/questions.ts';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';
import { applyNewerState } from '../../lib/applyNewerState';

/*
 * The procedures the questions screens call (docs/product.md#questions), each in one place, and
 * how a part's live message goes into what a screen has cached.
 */

export function partQuestionsQuery(partId: string, userId: string | null, sort: QuestionSort) {
  return queryOptions({
    queryKey: screenKeys.partQuestions(partId, userId, sort),
    enabled: userId !== null,
    queryFn: () => callRpc('get_part_questions', { p_part_id: partId, p_sort: sort }),
    // The live topic keeps it current; offline, the screen keeps showing what it last read.
    staleTime: 30_000,
  });
}

export function hostedPartsQuery(userId: string | null) {
  return queryOptions({
    queryKey: screenKeys.myHostedParts(userId),
    enabled: userId !== null,
    queryFn: async () => (await callRpc('get_my_hosted_parts', {})).part_ids,
    staleTime: 60_000,
  });
}

export const askQuestion = (partId: string, body: string, anonymous: boolean) =>
  callRpc('ask_question', { p_part_id: partId, p_body: body, p_anonymous: anonymous });
export const voteQuestion = (questionId: string, up: boolean) => callRpc('vote_question', { p_question_id: questionId, p_up: up });
export const moderateQuestion = (questionId: string, action: ModerationAction, reason: string | null = null) =>
  callRpc('moderate_question', { p_question_id: questionId, p_action: action, p_reason: reason });
export const setPartQuestions = (partId: string, asking: AskingMode, premoderated: boolean) =>
  callRpc('set_part_questions', { p_part_id: partId, p_asking: asking, p_premoderated: premoderated });

/** Most votes first (answered last), or newest first: the order the server gives, kept after a live message. */
export function sortQuestions<T extends { answered: boolean; vote_count: number; asked_at: string; question_id: string }>(
  questions: T[],
  sort: QuestionSort,
): T[] {
  return [...questions].sort(
    (a, b) =>
      Number(a.answered) - Number(b.answered) ||
      (sort === 'votes' ? b.vote_count - a.vote_count || a.asked_at.localeCompare(b.asked_at) : b.asked_at.localeCompare(a.asked_at)) ||
      a.question_id.localeCompare(b.question_id),
  );
}

/**
 * A part's live message on every cached copy of it: the visible questions and their counts replace
 * the ones shown, each keeping the viewer's marks (asked, upvoted); the viewer's own pending or
 * hidden questions stay. A host's copy, or one whose own question left the visible list (hidden or
 * approved), is read again instead, with what only they may see.
 */
export function applyQuestionsEvent(queryClient: QueryClient, event: QuestionsLiveEvent): void {
  const visible = new Map(event.questions.map((question) => [question.question_id, question]));
  /** A host's copy, or one whose own question left or joined the visible list, is read again instead. */
  const readAgain = (cached: PartQuestions) =>
    cached.is_host || cached.questions.some((question) => question.mine && (question.state === 'visible') !== visible.has(question.question_id));
  const stale = queryClient
    .getQueriesData<PartQuestions>({ queryKey: screenKeys.partQuestionsOfPart(event.part_id) })
    .some(([, cached]) => cached !== undefined && readAgain(cached));
  applyNewerState<PartQuestions>(queryClient, screenKeys.partQuestionsOfPart(event.part_id), (cached, key) => {
    if (readAgain(cached)) return cached;
    const sort = (key[3] === 'newest' ? 'newest' : 'votes') satisfies QuestionSort;
    const marks = new Map(cached.questions.map((question) => [question.question_id, question]));
    return {
      ...cached,
      asking: event.asking,
      premoderated: event.premoderated,
      opens_at: event.opens_at,
      closes_at: event.closes_at,
      pinned_question_id: event.pinned_question_id,
      missions_started: event.missions_started,
      questions: sortQuestions(
        [
          ...event.questions.map((question) => ({
            ...question,
            state: 'visible' as const,
            hidden_reason: null,
            mine: marks.get(question.question_id)?.mine ?? false,
            voted: marks.get(question.question_id)?.voted ?? false,
          })),
          ...cached.questions.filter((question) => question.mine && question.state !== 'visible'),
        ],
        sort,
      ),
    };
  });
  if (stale) void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(event.part_id) });
}
