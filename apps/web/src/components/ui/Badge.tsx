import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

const tones: Record<BadgeTone, string> = {
  neutral: 'border-slate-500/60 bg-slate-700/50 text-slate-100',
  info: 'border-sky-400/50 bg-sky-400/15 text-sky-200',
  success: 'border-emerald-400/50 bg-emerald-400/15 text-emerald-200',
  warning: 'border-amber-400/50 bg-amber-400/15 text-amber-200',
  danger: 'border-rose-400/50 bg-rose-400/15 text-rose-200',
  accent: 'border-violet-400/50 bg-violet-400/15 text-violet-200',
};

export function Badge({ tone = 'neutral', className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold', tones[tone], className)} {...rest} />;
}
