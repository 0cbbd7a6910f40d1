import { i18n } from '../../i18n/i18n';
import { durationOf } from './schedule.ts';

/**
 * The programme's own words in the interface's language, for the screens to call as they draw
 * (docs/product.md#agenda-schedule). Apart from schedule.ts, whose rules stay pure and tested
 * without a catalogue.
 */

/** The days with a name of their own; a later day is "Day 3". */
const DAY_NAMES = [
  { day: 1, messageId: 'agenda.day.one' },
  { day: 2, messageId: 'agenda.day.two' },
];

/** "Day One", "Day Two", then "Day 3": a conference day's name, as its tab and its heading show it. */
export function dayLabel(day: number): string {
  const named = DAY_NAMES.find((entry) => entry.day === day);
  return named ? i18n._(named.messageId) : i18n._('agenda.day.numbered', { day });
}

/** "1h 30m", "45m", "2h" in English: a part's length, as short as the compact list needs. */
export function formatDuration(startTime: string, endTime: string): string {
  const { hours, minutes } = durationOf(startTime, endTime);
  if (hours === 0) return i18n._('agenda.duration.minutes', { minutes });
  return minutes === 0 ? i18n._('agenda.duration.hours', { hours }) : i18n._('agenda.duration.hoursMinutes', { hours, minutes });
}
