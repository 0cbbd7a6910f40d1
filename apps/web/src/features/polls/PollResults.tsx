import { useLingui } from '@lingui/react';
import type { PublicPoll } from '@mc/contract';
import { cn } from '../../components/ui';

/** Bigger on the projector, readable from the back of the room at 1920×1080. */
export type ResultsSize = 'phone' | 'projector';

function Bar({ label, count, total, size }: { label: string; count: number; total: number; size: ResultsSize }) {
  const { _ } = useLingui();
  const share = total === 0 ? 0 : Math.round((count / total) * 100);
  return (
    <li className={cn('flex flex-col', size === 'projector' ? 'gap-2' : 'gap-1')}>
      <div className={cn('flex items-baseline justify-between gap-3', size === 'projector' ? 'text-3xl lg:text-4xl' : 'text-sm')}>
        <span className="min-w-0 font-medium break-words text-slate-100">{label}</span>
        <span className="shrink-0 text-slate-200 tabular-nums">{_('polls.results.count', { count, share })}</span>
      </div>
      <div className={cn('overflow-hidden rounded-full bg-slate-800', size === 'projector' ? 'h-6' : 'h-2')} aria-hidden="true">
        <div className="h-full rounded-full bg-sky-400 transition-[width] duration-500" style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

/**
 * A poll's results as bars (choices, ratings) or as the list of the most given open answers, with
 * how many answered. The same on a phone and on the projector, only larger there.
 */
export function PollResults({ poll, size = 'phone' }: { poll: PublicPoll; size?: ResultsSize }) {
  const { _ } = useLingui();
  const answered = (
    <p className={cn('text-slate-300', size === 'projector' ? 'text-2xl lg:text-3xl' : 'text-sm')}>
      {_('polls.results.answered', { count: poll.answer_count })}
    </p>
  );
  if (!poll.results) {
    return (
      <div className="flex flex-col gap-2">
        <p className={cn('text-slate-200', size === 'projector' ? 'text-3xl' : 'text-sm')}>{_('polls.results.hidden')}</p>
        {answered}
      </div>
    );
  }
  const { counts, average, top } = poll.results;
  const list = cn('flex flex-col', size === 'projector' ? 'gap-6' : 'gap-3');
  return (
    <div className="flex flex-col gap-3">
      {poll.kind === 'open' ? (
        top.length === 0 ? null : (
          <ol className={list} aria-label={_('polls.results.topAnswers')}>
            {top.map((entry) => (
              <Bar key={entry.text} label={entry.text} count={entry.count} total={poll.answer_count} size={size} />
            ))}
          </ol>
        )
      ) : (
        <ul className={list} aria-label={_('polls.results.label')}>
          {counts.map((count, index) => (
            <Bar
              key={index}
              label={poll.kind === 'rating' ? _('polls.rating.value', { value: index + 1 }) : (poll.options[index] ?? '')}
              count={count}
              total={poll.answer_count}
              size={size}
            />
          ))}
        </ul>
      )}
      {poll.kind === 'rating' && average !== null ? (
        <p className={cn('font-semibold text-slate-50', size === 'projector' ? 'text-4xl' : 'text-base')}>
          {_('polls.results.average', { average: average.toFixed(1) })}
        </p>
      ) : null}
      {answered}
    </div>
  );
}
