import type { ProgrammeSession } from '@mc/contract/programme.ts';
import { formatLongDate } from '../programme.ts';
import type { DayOfSessions } from '../schedule.ts';
import { SessionList, type SessionListProps } from './SessionGroup.tsx';

/** The element "Jump to now" focuses when the filters leave nothing on today's tab. */
export function dayHeadingId(day: number): string {
  return `agenda-day-${day}`;
}

/** "Day One · Saturday, December 6, 2025" over a day's sessions. */
export function DayHeading({ day, date }: { day: DayOfSessions<ProgrammeSession>; date: string }) {
  return (
    <h2 id={dayHeadingId(day.day)} tabIndex={-1} className="mb-3 text-sm font-semibold tracking-widest text-indigo-300 uppercase focus:outline-none">
      {day.label} <span className="font-normal tracking-normal normal-case text-slate-300">· {formatLongDate(date)}</span>
    </h2>
  );
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
  list: Omit<SessionListProps, 'sessions'>;
}) {
  return (
    <div className="space-y-8" data-testid="agenda-search-results">
      {days.map((day) => (
        <section key={day.day} aria-labelledby={dayHeadingId(day.day)}>
          <DayHeading day={day} date={dates[day.day - 1] ?? ''} />
          <SessionList sessions={day.sessions} {...list} />
        </section>
      ))}
    </div>
  );
}
