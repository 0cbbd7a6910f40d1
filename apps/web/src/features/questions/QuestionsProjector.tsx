import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { PartQuestion } from '@mc/contract/questions.ts';
import { Alert, buttonClasses, LoadError, PageSpinner } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { screenKeys } from '../../lib/screenKeys';
import { useProgramme } from '../conference';
import { moderateQuestion, partQuestionsQuery } from './questionsApi';
import { useQuestionsLive } from './useQuestionsLive';
import { MissionsStarted } from './QuestionMission';

/** How many questions the projector lists under the pinned one. */
const TOP = 6;

function PartTitle({ partId }: { partId: string }) {
  const programme = useProgramme();
  const part = programme.agenda.flatMap((session) => session.parts).find((candidate) => candidate.id === partId);
  return <>{part?.title ?? partId}</>;
}

/**
 * The keys a host presses on the projector: N (or the right arrow) pins the next question, A marks
 * the pinned one answered, H hides it (with the reason "Hidden on the projector"). Ignored while
 * typing, and for anyone who does not host the part.
 */
function useHostKeys(partId: string, enabled: boolean, pinned: PartQuestion | null, queue: PartQuestion[]) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'pin' | 'answer' | 'hide'; reason?: string }) => moderateQuestion(id, action, reason ?? null),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(partId) });
    },
    onError: (error) => setProblem(error.message),
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (event.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
      const key = event.key.toLowerCase();
      const next = queue.find((question) => question.question_id !== pinned?.question_id);
      if ((key === 'n' || key === 'arrowright') && next) act.mutate({ id: next.question_id, action: 'pin' });
      else if (key === 'a' && pinned) act.mutate({ id: pinned.question_id, action: 'answer' });
      else if (key === 'h' && pinned) act.mutate({ id: pinned.question_id, action: 'hide', reason: _('questions.projector.hiddenReason') });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled, pinned, queue, act, _]);
  return problem;
}

/**
 * The projector screen of a part's questions (/live/questions/{part}): the pinned question large,
 * the top questions with their votes as they move, and the QR code to ask from a phone; readable at
 * 1920×1080 and on a phone. A slot beside the questions is kept for the part's poll.
 */
export function QuestionsProjector({
  partId,
  askCode,
  pollSlot,
}: {
  partId: string;
  /** Draws the QR code of an address of the app (the /live screen's, so the QR library stays in its chunk). */
  askCode: (path: string, alt: string, caption: string) => ReactNode;
  pollSlot?: ReactNode;
}) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const query = useQuery(partQuestionsQuery(partId, user?.id ?? null, 'votes'));
  useQuestionsLive(partId);
  const data = query.data;
  const visible = useMemo(() => (data?.questions ?? []).filter((question) => question.state === 'visible'), [data]);
  const pinned = visible.find((question) => question.question_id === data?.pinned_question_id) ?? null;
  const queue = visible.filter((question) => !question.answered && question.question_id !== pinned?.question_id);
  const problem = useHostKeys(partId, data?.is_host ?? false, pinned, queue);

  return (
    <main className="min-h-dvh bg-slate-950 px-4 py-6 text-slate-50 sm:px-6 lg:px-12 lg:py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <p className="text-lg text-slate-300 lg:text-xl">{_('questions.projector.kicker')}</p>
          <h1 className="text-3xl font-bold break-words lg:text-5xl">
            <Suspense fallback={partId}>
              <PartTitle partId={partId} />
            </Suspense>
          </h1>
        </div>
        <Link to={paths.agendaPart(partId)} className={buttonClasses('ghost')}>
          {_('questions.projector.backToApp')}
        </Link>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_auto] lg:gap-8">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="pinned-heading" className="rounded-2xl bg-sky-950/60 p-5 lg:p-8">
            <h2 id="pinned-heading" className="text-lg font-semibold text-sky-200 lg:text-2xl">
              {_('questions.projector.nowAnswering')}
            </h2>
            {pinned ? (
              <blockquote data-testid="pinned-question" className="mt-3">
                <p className="text-3xl font-semibold break-words hyphens-auto lg:text-6xl">{pinned.body}</p>
                <footer className="mt-3 text-xl text-slate-300 lg:text-2xl">
                  {pinned.asker_name ?? _('questions.anonymousAttendee')} · {_('questions.votes', { count: pinned.vote_count })}
                </footer>
              </blockquote>
            ) : (
              <p className="mt-3 text-2xl text-slate-300">{_('questions.projector.nonePinned')}</p>
            )}
          </section>
          <section aria-labelledby="top-heading">
            <h2 id="top-heading" className="mb-3 text-lg font-semibold text-slate-200 lg:text-2xl">
              {_('questions.projector.top')}
            </h2>
            {query.isPending ? (
              <PageSpinner label={_('questions.loading')} />
            ) : query.isError && !data ? (
              <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
            ) : queue.length === 0 ? (
              <p className="text-2xl text-slate-300">{_('questions.none')}</p>
            ) : (
              <ol className="flex flex-col gap-3">
                {queue.slice(0, TOP).map((question) => (
                  <li
                    key={question.question_id}
                    data-testid="projector-question"
                    className="grid grid-cols-[1fr_auto] items-center gap-4 rounded-2xl bg-slate-900 px-5 py-4"
                  >
                    <span className="min-w-0 text-xl break-words lg:text-3xl">{question.body}</span>
                    <span className="text-2xl font-bold tabular-nums lg:text-4xl">{question.vote_count}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <aside className="flex flex-col gap-6" aria-label={_('questions.projector.asideLabel')}>
          {askCode(paths.agendaPart(partId), _('questions.projector.qrAlt'), _('questions.projector.askFromPhone'))}
          {data ? <MissionsStarted count={data.missions_started} large /> : null}
          {data?.is_host ? <p className="max-w-56 text-sm text-slate-300">{_('questions.projector.keys')}</p> : null}
          {/* The part's poll (the polls feature, handed in by the /live screen), beside the questions. */}
          {pollSlot ? <div data-slot="poll">{pollSlot}</div> : null}
        </aside>
      </div>
    </main>
  );
}

export default QuestionsProjector;
