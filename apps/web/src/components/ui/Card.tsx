import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl border border-slate-700/70 bg-slate-900/70 p-5 shadow-xl shadow-black/30 sm:p-6', className)} {...rest} />;
}

export function CardHeader({
  title,
  description,
  action,
  titleAs: Title = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3';
}) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <Title className="text-lg font-semibold text-slate-50">{title}</Title>
        {description ? <p className="mt-1 text-sm text-slate-300">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}
