import { useId } from 'react';
import { Search } from 'lucide-react';
import { cn } from './cn';

interface SearchInputProps {
  /** Read out by screen readers; the box itself shows only the placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The smaller box used inside cards and dialogs. */
  compact?: boolean;
  className?: string;
}

/**
 * A filter box as a search landmark: magnifier, hidden label, no autocomplete. The placeholder is
 * drawn by us rather than by the browser, which cuts a long one off on a phone: it wraps onto a
 * second line instead, and the box grows to hold it (the input's own placeholder stays, unseen, for
 * assistive technology).
 */
export function SearchInput({ label, value, onChange, placeholder, compact = false, className }: SearchInputProps) {
  const id = useId();
  const box = compact ? 'py-2.5 pr-3 pl-10' : 'py-3 pr-4 pl-10';
  return (
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 z-10 size-5 -translate-y-1/2 text-slate-400" />
      <div className="grid">
        <input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          className={cn(
            'col-start-1 row-start-1 w-full border text-base text-slate-100 placeholder:text-transparent focus:border-sky-300',
            box,
            compact ? 'rounded-lg border-slate-600 bg-slate-900/80' : 'rounded-xl border-slate-700 bg-slate-900/70',
          )}
        />
        <span
          aria-hidden="true"
          data-testid="search-placeholder"
          className={cn('pointer-events-none col-start-1 row-start-1 border border-transparent text-base text-slate-400', box, value !== '' && 'invisible')}
        >
          {placeholder}
        </span>
      </div>
    </div>
  );
}
