import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { FEEDBACK_COMMENT_MAX, type MyPartFeedback } from '@mc/contract';
import { Alert, Button, TextAreaField, cn } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { screenKeys } from '../../lib/screenKeys';
import { giveFeedback, myPartFeedbackQuery } from './feedbackApi';

const starClass =
  'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border border-slate-700 bg-slate-900/60 text-sm text-slate-100 has-[:checked]:border-sky-400 has-[:checked]:bg-sky-400/10';

/**
 * "How was {part}?" in a part's details once it has ended: a rating from 1 to 5 and an optional
 * comment for its speakers, given anonymously (only the organisers read it, never with a name), and
 * changed by giving it again. Nothing is shown before the end or when the organisers switched it off.
 */
export default function PartFeedback({ partId, title }: { partId: string; title: string }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reachable = useReachable();
  const { data } = useQuery(myPartFeedbackQuery(partId, user?.id ?? null));
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const name = useId();
  const send = useMutation({
    mutationFn: () => giveFeedback(partId, rating ?? data?.rating ?? 0, comment ?? data?.comment ?? ''),
    onSuccess: (answer: MyPartFeedback) => {
      queryClient.setQueryData(screenKeys.myPartFeedback(partId, user?.id ?? null), answer);
      setSaved(true);
    },
  });
  if (!data?.open) return null;
  const chosen = rating ?? data.rating;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    send.mutate();
  };
  return (
    <section aria-labelledby={`feedback-${partId}`} className="flex flex-col gap-3 rounded-xl border border-slate-700/70 bg-slate-900/40 p-3">
      <h3 id={`feedback-${partId}`} className="text-sm font-semibold text-slate-100">
        {_('feedback.heading', { part: title })}
      </h3>
      <p className="text-xs text-slate-300">{_('feedback.anonymous')}</p>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <fieldset>
          <legend className="mb-2 text-sm text-slate-200">{_('feedback.rating')}</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className={cn(starClass)}>
                <input type="radio" name={name} className="sr-only" checked={chosen === value} onChange={() => setRating(value)} />
                <span aria-hidden="true">{value}</span>
                <span className="sr-only">{_('polls.rating.value', { value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label={_('feedback.comment')}
          value={comment ?? data.comment ?? ''}
          maxLength={FEEDBACK_COMMENT_MAX}
          showCounter
          rows={3}
          onChange={(event) => setComment(event.target.value)}
        />
        {!reachable ? <p className="text-sm text-amber-200">{_('feedback.offline')}</p> : null}
        {send.error ? <Alert tone="error">{send.error.message}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!reachable || chosen === null} aria-busy={send.isPending || undefined}>
            {data.rating === null ? _('feedback.send') : _('feedback.change')}
          </Button>
          {saved && !send.isPending ? (
            <span role="status" className="text-sm text-emerald-200">
              {_('feedback.saved')}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
