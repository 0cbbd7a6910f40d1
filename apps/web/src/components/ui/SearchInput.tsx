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

/** A filter box as a search landmark: magnifier, hidden label, no autocomplete. */
export function SearchInput({ label, value, onChange, placeholder, compact = false, className }: SearchInputProps) {
  const id = useId();
  return (
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={cn(
          'w-full border text-base text-slate-100 placeholder:text-slate-400 focus:border-sky-300 focus:outline-2 focus:outline-offset-1 focus:outline-sky-300',
          compact ? 'rounded-lg border-slate-600 bg-slate-900/80 py-2.5 pr-3 pl-10' : 'rounded-xl border-slate-700 bg-slate-900/70 py-3 pr-4 pl-10',
        )}
      />
    </div>
  );
}
