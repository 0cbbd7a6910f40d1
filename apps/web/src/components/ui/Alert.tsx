import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from './cn';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<AlertTone, { box: string; Icon: typeof Info }> = {
  info: { box: 'border-sky-400/40 bg-sky-400/10 text-sky-100', Icon: Info },
  success: { box: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-100', Icon: CheckCircle2 },
  warning: { box: 'border-amber-400/40 bg-amber-400/10 text-amber-100', Icon: AlertTriangle },
  error: { box: 'border-rose-400/40 bg-rose-400/10 text-rose-100', Icon: XCircle },
};

interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Errors are announced at once (role="alert"); other tones politely (role="status"). */
  live?: boolean;
}

export function Alert({ tone = 'info', title, children, className, live = true }: AlertProps) {
  const { box, Icon } = tones[tone];
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={cn('flex gap-3 rounded-xl border p-4 text-sm', box, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="opacity-90">{children}</div> : null}
      </div>
    </div>
  );
}
