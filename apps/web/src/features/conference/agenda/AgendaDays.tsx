import { useLingui } from '@lingui/react';
import type { ProgrammeSession } from '@mc/contract/programme.ts';
import { formatLongDate } from '../programme.ts';
import { dayLabel } from '../programmeTexts.ts';
import type { DayOfSessions } from '../schedule.ts';
import { MyAgendaEmpty, SearchEmpty } from './AgendaControls.tsx';
import { RoomGrid } from './RoomGrid.tsx';
import type { AgendaLayout } from './roomGrid.ts';
import { SessionList, type SessionListProps } from './SessionGroup.tsx';

/** The element "Jump to now" focuses when the filters leave nothing on today's tab. */
export function dayHeadingId(day: number): string {
  return `agenda-day-${day}`;
}

/** "Day One · Saturday, December 6, 2025" over a day's sessions. */
export function DayHeading({ day, date }: { day: DayOfSessions<ProgrammeSession>; date: string }) {
  return (
    <h2 id={dayHeadingId(day.day)} tabIndex={-1} className="mb-3 text-sm font-semibold tracking-widest text-indigo-300 uppercase focus:outline-none">
      {dayLabel(day.day)} <span className="font-normal tracking-normal normal-case text-slate-300">· {formatLongDate(date)}</span>
    </h2>
  );
}

/** How a day's parts are drawn: the list's options, the layout chosen and the organisers' rooms for the grid. */
export interface DayPartsOptions extends Omit<SessionListProps, 'sessions'> {
  layout: AgendaLayout;
  rooms: readonly string[];
}

/** A day's sessions (only the parts the filters show) as the list, or as the grid of rooms × time. */
export function DayParts({ day, sessions, options }: { day: DayOfSessions<ProgrammeSession>; sessions: ProgrammeSession[]; options: DayPartsOptions }) {
  const { _ } = useLingui();
  const { layout, rooms, ...list } = options;
  if (layout === 'rooms') {
    return (
      <RoomGrid sessions={sessions} day={day.day} label={_('agenda.rooms.gridLabel', { day: dayLabel(day.day) })} rooms={rooms} partState={list.partState} />
    );
  }
  return <SessionList sessions={sessions} {...list} />;
}

/** What a search found, on every day, under each day's heading (docs/product.md#agenda-schedule). */
export function SearchResults({
  days,
  dates,
  list,
}: {
  days: DayOfSessions<ProgrammeSession>[];
  /** The programme's dates, day one first. */
  dates: readonly string[];
  list: DayPartsOptions;
}) {
  return (
    <div className="space-y-8" data-testid="agenda-search-results">
      {days.map((day) => (
        <section key={day.day} aria-labelledby={dayHeadingId(day.day)}>
          <DayHeading day={day} date={dates[day.day - 1] ?? ''} />
          <DayParts day={day} sessions={day.sessions} options={list} />
        </section>
      ))}
    </div>
  );
}

/**
 * What a search shows instead of the day tabs: what it found, or why nothing is there. With "My
 * agenda" chosen that may only be the stars still loading; otherwise nothing matches.
 */
export function SearchOutcome({
  found,
  dates,
  list,
  query,
  starsLoading,
  onClear,
  onShowAll,
}: {
  found: { days: DayOfSessions<ProgrammeSession>[]; count: number };
  /** The programme's dates, day one first. */
  dates: readonly string[];
  list: DayPartsOptions;
  /** What was searched for, as the empty state repeats it. */
  query: string;
  /** Whether "My agenda" is chosen and its stars have not loaded yet. */
  starsLoading: boolean;
  /** Empties the search box. */
  onClear: () => void;
  /** Leaves "My agenda" for all sessions. */
  onShowAll: () => void;
}) {
  if (found.count > 0) return <SearchResults days={found.days} dates={dates} list={list} />;
  if (starsLoading) return <MyAgendaEmpty loading onShowAll={onShowAll} />;
  return <SearchEmpty query={query} onClear={onClear} />;
}
