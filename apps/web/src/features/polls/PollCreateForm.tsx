import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Plus, X } from 'lucide-react';
import { POLL_KINDS, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_QUESTION_MAX, type PartPolls, type PollKind } from '@mc/contract';
import { Alert, Button, Select, TextField } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { screenKeys } from '../../lib/screenKeys';
import { applyNewerState } from '../../lib/applyNewerState';
import { createPoll } from './pollsApi';

/** The host's form for a new poll of the part: its kind, question, options and whether results wait for the close. */
export function PollCreateForm({ partId }: { partId: string }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reachable = useReachable();
  const [kind, setKind] = useState<PollKind>('single');
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [hide, setHide] = useState(false);
  const [checkedInOnly, setCheckedInOnly] = useState(false);
  const choices = kind === 'single' || kind === 'multiple';
  const kindLabels: Record<PollKind, string> = {
    single: _('polls.kind.single'),
    multiple: _('polls.kind.multiple'),
    rating: _('polls.kind.rating'),
    open: _('polls.kind.open'),
  };
  const create = useMutation({
    mutationFn: () =>
      createPoll({
        p_part_id: partId,
        p_kind: kind,
        p_question: question,
        p_options: choices ? options : [],
        p_hide_results: hide,
        p_checked_in_only: checkedInOnly,
      }),
    onSuccess: (answer: PartPolls) => {
      applyNewerState<PartPolls>(queryClient, screenKeys.partPolls(partId, user?.id ?? null), () => answer);
      setQuestion('');
      setOptions(['', '']);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-slate-700 p-3" aria-label={_('polls.host.new')}>
      <h4 className="text-sm font-semibold text-slate-100">{_('polls.host.new')}</h4>
      <Select
        label={_('polls.host.kind')}
        value={kind}
        options={POLL_KINDS.map((value) => ({ value, label: kindLabels[value] }))}
        onChange={(event) => setKind(event.target.value as PollKind)}
      />
      <TextField label={_('polls.host.question')} value={question} maxLength={POLL_QUESTION_MAX} onChange={(event) => setQuestion(event.target.value)} />
      {choices ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">{_('polls.host.options')}</legend>
          {options.map((option, index) => (
            <div key={index} className="flex items-end gap-2">
              <TextField
                containerClassName="flex-1"
                label={_('polls.host.option', { number: index + 1 })}
                value={option}
                maxLength={POLL_OPTION_MAX}
                onChange={(event) => setOptions(options.map((value, at) => (at === index ? event.target.value : value)))}
              />
              {options.length > 2 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="md"
                  aria-label={_('polls.host.removeOption', { number: index + 1 })}
                  onClick={() => setOptions(options.filter((_v, at) => at !== index))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
            </div>
          ))}
          {options.length < POLL_OPTIONS_MAX ? (
            <Button type="button" variant="secondary" size="sm" className="self-start" onClick={() => setOptions([...options, ''])}>
              <Plus aria-hidden="true" className="size-4" />
              {_('polls.host.addOption')}
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-100">
        <input type="checkbox" className="size-4 accent-sky-400" checked={hide} onChange={(event) => setHide(event.target.checked)} />
        {_('polls.host.hideResults')}
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-100">
        <input type="checkbox" className="size-4 accent-sky-400" checked={checkedInOnly} onChange={(event) => setCheckedInOnly(event.target.checked)} />
        {_('polls.host.checkedInOnly')}
      </label>
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <Button type="submit" className="self-start" disabled={!reachable} aria-busy={create.isPending || undefined}>
        {_('polls.host.create')}
      </Button>
    </form>
  );
}
