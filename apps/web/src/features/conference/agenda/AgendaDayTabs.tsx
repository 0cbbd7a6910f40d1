import { Tabs } from 'radix-ui';
import { useLingui } from '@lingui/react';
import type { ProgrammeSession } from '@mc/contract/programme.ts';
import { filterSessions, type AgendaCriteria } from '../agendaSearch.ts';
import { formatShortDate } from '../programme.ts';
import { dayLabel } from '../programmeTexts.ts';
import type { DayOfSessions } from '../schedule.ts';
import { FiltersEmpty, MyAgendaEmpty } from './AgendaControls.tsx';
import { DayHeading, DayParts, type DayPartsOptions } from './AgendaDays.tsx';

export interface AgendaDayTabsProps {
  days: DayOfSessions<ProgrammeSession>[];
  /** The programme's dates, day one first. */
  dates: readonly string[];
  /** The chosen day, as its tab names it. */
  selectedDay: string;
  onSelectDay: (day: string) => void;
  /** The type, room and "My agenda" filters, applied to every day. */
  filters: AgendaCriteria;
  list: DayPartsOptions;
  /** Whether the stars are still loading, so "My agenda" cannot say yet that a day has none. */
  starsLoading: boolean;
  /** Resets the type and room filters, from the empty state they leave. */
  onClearFilters: () => void;
  /** Leaves "My agenda" for all sessions, from its empty state. */
  onShowAll: () => void;
}

/**
 * A tab per conference day with its date, each with that day's sessions as the filters leave them,
 * or the empty state that says why there are none and offers the way back.
 */
export function AgendaDayTabs({ days, dates, selectedDay, onSelectDay, filters, list, starsLoading, onClearFilters, onShowAll }: AgendaDayTabsProps) {
  const { _ } = useLingui();
  return (
    <Tabs.Root value={selectedDay} onValueChange={onSelectDay}>
      <Tabs.List
        aria-label={_('agenda.days.label')}
        className="sticky top-16 z-20 -mx-4 mb-4 flex gap-1 border-b border-slate-800 bg-slate-950/95 px-4 sm:mx-0 sm:px-0"
      >
        {days.map((day) => (
          <Tabs.Trigger
            key={day.day}
            value={String(day.day)}
            className={`-mb-px min-h-12 flex-1 rounded-t-lg border-b-2 border-transparent px-3 py-2 text-left text-sm text-slate-300 hover:text-white data-[state=active]:border-indigo-400 data-[state=active]:text-white sm:flex-none`}
          >
            <span className="block font-semibold">{dayLabel(day.day)}</span>
            <span className="block text-xs text-slate-300">{formatShortDate(dates[day.day - 1] ?? '')}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {days.map((day) => {
        const sessions = filterSessions(day.sessions, filters);
        return (
          <Tabs.Content key={day.day} value={String(day.day)} className="focus-visible:outline-none">
            <DayHeading day={day} date={dates[day.day - 1] ?? ''} />
            {sessions.length > 0 ? (
              <DayParts day={day} sessions={sessions} options={list} />
            ) : filters.type !== null || filters.room !== null ? (
              <FiltersEmpty onClear={onClearFilters} />
            ) : (
              <MyAgendaEmpty loading={starsLoading} onShowAll={onShowAll} />
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
