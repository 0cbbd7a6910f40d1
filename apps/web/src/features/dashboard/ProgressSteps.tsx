import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { cn } from '../../components/ui';

export interface ProgressState {
  surveyDone: boolean;
  profileDone: boolean;
  missionDone: boolean;
}

const STEPS: readonly { key: keyof ProgressState; messageId: string }[] = [
  { key: 'surveyDone', messageId: 'dashboard.progress.survey' },
  { key: 'profileDone', messageId: 'dashboard.progress.profile' },
  { key: 'missionDone', messageId: 'dashboard.progress.mission' },
];

/**
 * Where the person is on the way in, at a glance: survey, then role profile, then mission. Each
 * step reads "Done", "Next" (the first one not done; aria-current="step") or "Later". A done
 * mission step leads to the person's team.
 */
export function ProgressSteps({ state, missionLink }: { state: ProgressState; missionLink?: string }) {
  const { _ } = useLingui();
  const next = STEPS.findIndex((step) => !state[step.key]);
  return (
    <ol aria-label={_('dashboard.progress.label')} className="grid grid-cols-3 gap-2" data-testid="dashboard-progress">
      {STEPS.map((step, index) => {
        const done = state[step.key];
        const current = index === next;
        return (
          <li
            key={step.key}
            aria-current={current ? 'step' : undefined}
            className={cn(
              'flex min-w-0 flex-col items-start gap-1.5 rounded-xl border px-2.5 py-2 sm:flex-row sm:items-center sm:gap-2 sm:px-3',
              done && 'border-emerald-400/40 bg-emerald-400/10',
              current && 'border-sky-400/60 bg-sky-400/10',
              !done && !current && 'border-slate-700 bg-slate-900/40',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                done ? 'bg-emerald-400/20 text-emerald-200' : current ? 'bg-sky-400 text-slate-950' : 'bg-slate-800 text-slate-300',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="flex min-w-0 flex-col leading-tight">
              {done && step.key === 'missionDone' && missionLink ? (
                <Link
                  to={missionLink}
                  className="text-sm font-semibold break-words text-slate-50 underline decoration-slate-500 underline-offset-4 hover:decoration-sky-300"
                >
                  {_(step.messageId)}
                </Link>
              ) : (
                <span className="text-sm font-semibold break-words text-slate-50">{_(step.messageId)}</span>
              )}
              <span className={cn('text-xs', done ? 'text-emerald-200' : current ? 'text-sky-200' : 'text-slate-300')}>
                {done ? _('dashboard.progress.done') : current ? _('dashboard.progress.next') : _('dashboard.progress.later')}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
