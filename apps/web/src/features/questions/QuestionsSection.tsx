import { useEffect, useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { ASKING_MODES, QUESTION_MAX, type AskingMode, type PartQuestion, type PartQuestions, type QuestionSort } from '@mc/contract/questions.ts';
import { Alert, Badge, Button, LoadError, Select, Spinner, TextAreaField, TextField } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { screenKeys } from '../../lib/screenKeys';
import { askQuestion, moderateQuestion, partQuestionsQuery, setPartQuestions, voteQuestion } from './questionsApi';
import { liveQuestionsPath } from './questionsPaths';
import { MissionsStarted, StartMissionLink } from './QuestionMission';
import { useQuestionsLive } from './useQuestionsLive';

const checkbox = 'size-5 accent-sky-400';

/**
 * A part's "Questions" (docs/product.md#questions), in its details wherever they are shown (the
 * agenda, My agenda, Now and Next): ask, upvote, sort; hosts also moderate. Offline it says that
 * asking and voting need a connection and keeps showing what it last read.
 */
export function QuestionsSection({ partId }: { partId: string }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [sort, setSort] = useState<QuestionSort>('votes');
  const query = useQuery(partQuestionsQuery(partId, userId, sort));
  const online = useReachable();
  useQuestionsLive(partId);
  useRefreshAtWindowEdges(query.data, partId);
  const headingId = useId();
  const data = query.data;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-100">
        {_('questions.title')}
      </h3>
      {!online ? (
        <Alert tone="warning" live={false}>
          {_('questions.offline')}
        </Alert>
      ) : null}
      {data ? (
        <>
          {data.is_host ? <HostSettings data={data} disabled={!online} /> : null}
          <AskForm data={data} disabled={!online} />
          <MissionsStarted count={data.missions_started} />
          <SortChoice sort={sort} onChange={setSort} />
          <QuestionList data={data} disabled={!online} />
        </>
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Spinner label={_('questions.loading')} />
      )}
    </section>
  );
}

/** Reads the part again when asking opens or closes by its times, so the form follows the clock. */
function useRefreshAtWindowEdges(data: PartQuestions | undefined, partId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!data || data.asking !== 'auto') return undefined;
    const offset = Date.parse(data.server_time) - Date.now();
    const now = Date.now() + offset;
    const edges = [data.opens_at, data.closes_at].map((text) => (text ? Date.parse(text) : NaN)).filter((edge) => edge > now);
    if (edges.length === 0) return undefined;
    const wait = Math.min(...edges) - now + 500;
    if (wait > 2 ** 31 - 1) return undefined;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(partId) }), wait);
    return () => clearTimeout(timer);
  }, [data, partId, queryClient]);
}

function useRefresh(partId: string) {
  const queryClient = useQueryClient();
  // Every copy (both orders) is read again with the change; the live message tells the others.
  return () => void queryClient.invalidateQueries({ queryKey: screenKeys.partQuestionsOfPart(partId) });
}

function AskForm({ data, disabled }: { data: PartQuestions; disabled: boolean }) {
  const { _ } = useLingui();
  const refresh = useRefresh(data.part_id);
  const [body, setBody] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checkboxId = useId();
  const ask = useMutation({
    mutationFn: () => askQuestion(data.part_id, body, anonymous),
    onSuccess: () => {
      setBody('');
      setAnonymous(false);
      setProblem(null);
      refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  if (!data.asking_open) {
    return (
      <p className="text-sm text-slate-300">
        {data.opens_at && data.asking === 'auto' && Date.parse(data.opens_at) > Date.parse(data.server_time)
          ? _('questions.notYetOpen')
          : _('questions.closed')}
      </p>
    );
  }
  const length = [...body.trim()].length;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') {
      setProblem(_('questions.empty'));
      return;
    }
    if (length > QUESTION_MAX) {
      setProblem(_('questions.tooLong', { max: QUESTION_MAX }));
      return;
    }
    ask.mutate();
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <TextAreaField
        label={_('questions.askLabel')}
        hint={_('questions.askHint', { count: length, max: QUESTION_MAX })}
        value={body}
        rows={3}
        onChange={(event) => setBody(event.target.value)}
        error={problem ?? undefined}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={checkboxId} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-200">
          <input id={checkboxId} type="checkbox" className={checkbox} checked={anonymous} onChange={(event) => setAnonymous(event.target.checked)} />
          {_('questions.askAnonymously')}
        </label>
        <Button type="submit" size="sm" busy={ask.isPending} busyLabel={_('questions.asking')} disabled={disabled}>
          {_('questions.ask')}
        </Button>
      </div>
      {disabled ? <p className="text-xs text-slate-400">{_('questions.needsConnection')}</p> : null}
      {data.premoderated ? <p className="text-xs text-slate-400">{_('questions.premoderatedNote')}</p> : null}
    </form>
  );
}

function SortChoice({ sort, onChange }: { sort: QuestionSort; onChange: (sort: QuestionSort) => void }) {
  const { _ } = useLingui();
  return (
    <div role="group" aria-label={_('questions.sortLabel')} className="flex gap-2">
      {(['votes', 'newest'] as const).map((option) => (
        <Button
          key={option}
          type="button"
          size="sm"
          variant={sort === option ? 'on' : 'secondary'}
          aria-pressed={sort === option}
          onClick={() => onChange(option)}
        >
          {option === 'votes' ? _('questions.sortVotes') : _('questions.sortNewest')}
        </Button>
      ))}
    </div>
  );
}

function QuestionList({ data, disabled }: { data: PartQuestions; disabled: boolean }) {
  const { _ } = useLingui();
  if (data.questions.length === 0) return <p className="text-sm text-slate-300">{_('questions.none')}</p>;
  return (
    <ul aria-label={_('questions.listLabel')} className="flex flex-col gap-2">
      {data.questions.map((question) => (
        <QuestionItem key={question.question_id} question={question} data={data} disabled={disabled} />
      ))}
    </ul>
  );
}

function QuestionItem({ question, data, disabled }: { question: PartQuestion; data: PartQuestions; disabled: boolean }) {
  const { _ } = useLingui();
  const refresh = useRefresh(data.part_id);
  const [problem, setProblem] = useState<string | null>(null);
  const vote = useMutation({
    mutationFn: () => voteQuestion(question.question_id, !question.voted),
    onSuccess: () => {
      setProblem(null);
      refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  const pinned = data.pinned_question_id === question.question_id;
  return (
    <li data-testid="question" className="rounded-xl border border-slate-700 bg-slate-900/60 p-3">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm break-words whitespace-pre-line text-slate-50">{question.body}</p>
          <p className="mt-1 text-xs text-slate-300">{question.asker_name ?? _('questions.anonymousAttendee')}</p>
          <div className="mt-1 flex flex-wrap gap-1">
            {pinned ? <Badge tone="accent">{_('questions.pinned')}</Badge> : null}
            {question.mine ? <Badge tone="info">{_('questions.yours')}</Badge> : null}
            {question.answered ? <Badge tone="success">{_('questions.answered')}</Badge> : null}
            {question.state === 'pending' ? <Badge tone="warning">{_('questions.pending')}</Badge> : null}
          </div>
          {question.state === 'hidden' ? (
            <p className="mt-1 text-sm text-amber-200">{_('questions.hiddenWithReason', { reason: question.hidden_reason ?? '' })}</p>
          ) : null}
          <StartMissionLink question={question} partId={data.part_id} />
        </div>
        {question.mine || question.state !== 'visible' ? (
          <span className="shrink-0 text-sm text-slate-300 tabular-nums">{_('questions.votes', { count: question.vote_count })}</span>
        ) : (
          <Button
            type="button"
            size="sm"
            variant={question.voted ? 'on' : 'secondary'}
            aria-pressed={question.voted}
            aria-label={_('questions.upvoteLabel', { count: question.vote_count })}
            busy={vote.isPending}
            disabled={disabled}
            onClick={() => vote.mutate()}
          >
            <span aria-hidden="true">▲</span>
            <span className="tabular-nums">{question.vote_count}</span>
          </Button>
        )}
      </div>
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-rose-300">
          {problem}
        </p>
      ) : null}
      {data.is_host ? <HostActions question={question} pinned={pinned} partId={data.part_id} disabled={disabled} /> : null}
    </li>
  );
}

function HostActions({ question, pinned, partId, disabled }: { question: PartQuestion; pinned: boolean; partId: string; disabled: boolean }) {
  const { _ } = useLingui();
  const refresh = useRefresh(partId);
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ action, why }: { action: Parameters<typeof moderateQuestion>[1]; why?: string }) =>
      moderateQuestion(question.question_id, action, why ?? null),
    onSuccess: () => {
      setProblem(null);
      setHiding(false);
      setReason('');
      refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  const button = (label: string, action: Parameters<typeof moderateQuestion>[1]) => (
    <Button type="button" size="sm" variant="ghost" disabled={disabled || act.isPending} onClick={() => act.mutate({ action })}>
      {label}
    </Button>
  );
  return (
    <div className="mt-2 flex flex-col gap-2 border-t border-slate-700/70 pt-2">
      <div role="group" aria-label={_('questions.host.actionsLabel')} className="flex flex-wrap gap-1">
        {question.state === 'pending' ? button(_('questions.host.approve'), 'approve') : null}
        {question.state === 'visible' ? (pinned ? button(_('questions.host.unpin'), 'unpin') : button(_('questions.host.pin'), 'pin')) : null}
        {question.answered ? button(_('questions.host.reopen'), 'reopen') : button(_('questions.host.answer'), 'answer')}
        {question.state === 'hidden' ? (
          button(_('questions.host.show'), 'show')
        ) : (
          <Button type="button" size="sm" variant="ghost" disabled={disabled} onClick={() => setHiding(true)}>
            {_('questions.host.hide')}
          </Button>
        )}
      </div>
      {hiding ? (
        <form
          noValidate
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            act.mutate({ action: 'hide', why: reason });
          }}
        >
          <TextField label={_('questions.host.reasonLabel')} value={reason} onChange={(event) => setReason(event.target.value)} containerClassName="flex-1" />
          <Button type="submit" size="sm" variant="danger" busy={act.isPending} className="sm:mb-1">
            {_('questions.host.hideConfirm')}
          </Button>
        </form>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function HostSettings({ data, disabled }: { data: PartQuestions; disabled: boolean }) {
  const { _ } = useLingui();
  const refresh = useRefresh(data.part_id);
  const checkboxId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ asking, premoderated }: { asking: AskingMode; premoderated: boolean }) => setPartQuestions(data.part_id, asking, premoderated),
    onSuccess: () => {
      setProblem(null);
      refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  const labels: Record<AskingMode, string> = {
    auto: _('questions.host.askingAuto'),
    open: _('questions.host.askingOpen'),
    closed: _('questions.host.askingClosed'),
  };
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-sky-800 bg-sky-950/30 p-3">
      <p className="text-sm font-medium text-slate-100">{_('questions.host.title')}</p>
      <Select
        label={_('questions.host.askingLabel')}
        value={data.asking}
        disabled={disabled || save.isPending}
        options={ASKING_MODES.map((mode) => ({ value: mode, label: labels[mode] }))}
        onChange={(event) => save.mutate({ asking: event.target.value as AskingMode, premoderated: data.premoderated })}
      />
      <label htmlFor={checkboxId} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-200">
        <input
          id={checkboxId}
          type="checkbox"
          className={checkbox}
          checked={data.premoderated}
          disabled={disabled || save.isPending}
          onChange={(event) => save.mutate({ asking: data.asking, premoderated: event.target.checked })}
        />
        {_('questions.host.premoderated')}
      </label>
      <a href={liveQuestionsPath(data.part_id)} className="text-sm text-sky-200 underline underline-offset-2">
        {_('questions.host.projector')}
      </a>
      {problem ? (
        <p role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
