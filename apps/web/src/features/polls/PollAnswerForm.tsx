import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { POLL_OPEN_ANSWER_MAX, type PartPoll, type PartPolls } from '@mc/contract';
import { Alert, Button, TextField, cn } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { screenKeys } from '../../lib/screenKeys';
import { applyNewerState } from '../../lib/applyNewerState';
import { answerPoll } from './pollsApi';

const choiceClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm text-slate-100 has-[:checked]:border-sky-400 has-[:checked]:bg-sky-400/10';

interface Draft {
  choices: number[];
  rating: number | null;
  text: string;
}

function draftOf(poll: PartPoll): Draft {
  return { choices: poll.my_answer?.choices ?? [], rating: poll.my_answer?.rating ?? null, text: poll.my_answer?.text ?? '' };
}

/** The choices of a single- or several-choice poll, or the five ratings, as radio buttons or checkboxes. */
function Choices({ poll, draft, onChange }: { poll: PartPoll; draft: Draft; onChange: (draft: Draft) => void }) {
  const { _ } = useLingui();
  const name = useId();
  if (poll.kind === 'rating') {
    return (
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className={cn(choiceClass, 'min-w-11 justify-center')}>
            <input type="radio" name={name} className="sr-only" checked={draft.rating === value} onChange={() => onChange({ ...draft, rating: value })} />
            <span aria-hidden="true">{value}</span>
            <span className="sr-only">{_('polls.rating.value', { value })}</span>
          </label>
        ))}
      </div>
    );
  }
  const several = poll.kind === 'multiple';
  const toggle = (index: number) =>
    onChange({
      ...draft,
      choices: several ? (draft.choices.includes(index) ? draft.choices.filter((c) => c !== index) : [...draft.choices, index]) : [index],
    });
  return (
    <div className="flex flex-col gap-2">
      {poll.options.map((option, index) => (
        <label key={option} className={choiceClass}>
          <input
            type={several ? 'checkbox' : 'radio'}
            name={name}
            className="size-4 accent-sky-400"
            checked={draft.choices.includes(index)}
            onChange={() => toggle(index)}
          />
          <span className="break-words">{option}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * An open poll as an attendee answers it: one answer each, changed as often as they like while it
 * is open. Offline it says that answering needs a connection and keeps what it showed.
 */
export function PollAnswerForm({ poll }: { poll: PartPoll }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reachable = useReachable();
  const [draft, setDraft] = useState<Draft>(() => draftOf(poll));
  const [saved, setSaved] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      answerPoll({
        p_poll_id: poll.poll_id,
        p_choices: poll.kind === 'single' || poll.kind === 'multiple' ? draft.choices : null,
        p_rating: poll.kind === 'rating' ? draft.rating : null,
        p_text: poll.kind === 'open' ? draft.text : null,
      }),
    onSuccess: (answer: PartPolls) => {
      applyNewerState<PartPolls>(queryClient, screenKeys.partPolls(poll.part_id, user?.id ?? null), () => answer);
      setSaved(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    send.mutate();
  };
  const legendId = useId();
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={legendId}>
      <fieldset className="flex flex-col gap-3">
        <legend id={legendId} className="mb-2 text-base font-semibold text-slate-50">
          {poll.question}
        </legend>
        {poll.kind === 'multiple' ? <p className="-mt-1 text-xs text-slate-300">{_('polls.answer.several')}</p> : null}
        {poll.kind === 'open' ? (
          <TextField
            label={_('polls.answer.open')}
            value={draft.text}
            maxLength={POLL_OPEN_ANSWER_MAX}
            hint={_('polls.answer.openHint', { max: POLL_OPEN_ANSWER_MAX })}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          />
        ) : (
          <Choices poll={poll} draft={draft} onChange={setDraft} />
        )}
      </fieldset>
      {!reachable ? <p className="text-sm text-amber-200">{_('polls.offline')}</p> : null}
      {send.error ? <Alert tone="error">{send.error.message}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!reachable} aria-busy={send.isPending || undefined}>
          {poll.my_answer ? _('polls.answer.change') : _('polls.answer.send')}
        </Button>
        {saved && !send.isPending ? (
          <span role="status" className="text-sm text-emerald-200">
            {_('polls.answer.saved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
