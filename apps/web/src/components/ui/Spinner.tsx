import { useLingui } from '@lingui/react';
import { cn } from './cn';

interface SpinnerProps {
  /** Text shown beside the spinner and announced politely; omit for a decorative spinner. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const wheel = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block shrink-0 animate-spin rounded-full border-sky-300/30 border-t-sky-300 motion-reduce:animate-[spin_3s_linear_infinite]',
        sizes[size],
      )}
    />
  );
  if (!label) return <span className={className}>{wheel}</span>;
  return (
    <span role="status" className={cn('inline-flex items-center gap-3 text-slate-300', className)}>
      {wheel}
      <span>{label}</span>
    </span>
  );
}

/** A full-area loading state, e.g. while the session loads ("Loading..." unless told otherwise). */
export function PageSpinner({ label }: { label?: string }) {
  const { _ } = useLingui();
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center p-8">
      <Spinner size="lg" label={label ?? _('common.loading')} className="flex-col" />
    </div>
  );
}
