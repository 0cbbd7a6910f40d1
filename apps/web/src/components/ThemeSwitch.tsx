import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { setThemeChoice, THEME_CHOICES, useTheme, type ThemeChoice } from '../lib/theme';
import { cn } from './ui/cn';

const ICONS: Record<ThemeChoice, LucideIcon> = { system: Monitor, light: Sun, dark: Moon };

/** System / Light / Dark, as three radio buttons drawn as one segmented control. */
export function ThemeSwitch({ className }: { className?: string }) {
  const { _ } = useLingui();
  const { choice } = useTheme();
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className="mb-1.5 px-2 text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('app.theme.legend')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg border border-slate-700 bg-slate-900/60 p-1">
        {THEME_CHOICES.map(({ value, messageId }) => {
          const Icon = ICONS[value];
          const checked = choice === value;
          return (
            <label
              key={value}
              className={cn(
                'flex min-h-9 cursor-pointer flex-wrap items-center justify-center gap-x-1.5 rounded-md px-1 text-center text-xs font-medium break-words transition-colors',
                'focus-ring-within',
                checked ? 'bg-sky-400/15 text-sky-100 ring-1 ring-sky-400/40' : 'text-slate-300 hover:bg-white/5 hover:text-slate-50',
              )}
            >
              <input type="radio" name="theme" value={value} checked={checked} onChange={() => setThemeChoice(value)} className="sr-only" />
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {_(messageId)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
