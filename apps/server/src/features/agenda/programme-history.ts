import type { PartChange, PartFacts } from '@mc/contract/programmeVersions.ts';
import type { Queryable } from '../../db/db.ts';
import type { CalendarHistory } from './calendar.ts';

/**
 * What the published versions did to each part, for calendar files and feeds: a part's SEQUENCE
 * is the number of versions that changed it (so a moved event replaces the old one in a calendar
 * app instead of sitting beside it), and a part whose last change was its cancellation is kept as
 * a cancelled event. Read from the versions' stored changes, oldest first.
 */
export async function readCalendarHistory(db: Queryable): Promise<CalendarHistory> {
  const rows = await db.query<{ changes: PartChange[] }>('select changes from programme_versions order by version');
  const sequences = new Map<string, number>();
  const cancelled = new Map<string, PartFacts>();
  for (const row of rows) {
    for (const change of row.changes) {
      sequences.set(change.partId, (sequences.get(change.partId) ?? 0) + 1);
      if (change.kinds.includes('cancelled') && change.before) cancelled.set(change.partId, change.before);
      else cancelled.delete(change.partId);
    }
  }
  return { sequences, cancelled };
}
