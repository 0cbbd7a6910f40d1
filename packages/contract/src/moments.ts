/*
 * The one reading of a date or a moment a person or an organiser sends (an announcement's send
 * time, a voting round's opening and closing, the programme's days): docs/product.md#dates-times-and-counts.
 * A real calendar date (no 30 February), a real time of day (no 24:00), and a year no further than
 * MOMENT_YEARS_AROUND_EVENT from the event's: JavaScript's Date and the database would otherwise
 * roll an impossible day over into the next month, and a year past 9999 breaks the embedded database.
 */

import { MOMENT_YEARS_AROUND_EVENT } from './constants.ts';

export { MOMENT_YEARS_AROUND_EVENT };

export const MOMENT_MESSAGES = {
  moment: `Choose a real date and time, no more than ${MOMENT_YEARS_AROUND_EVENT} years from the year of the event.`,
  date: `Choose a real date, no more than ${MOMENT_YEARS_AROUND_EVENT} years from the year of the event.`,
} as const;

/** "YYYY-MM-DDTHH:MM", optional seconds and fraction, then "Z" or an offset "+HH:MM" / "-HH:MM". */
const MOMENT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The widest offsets in use (UTC-12:00 to UTC+14:00). */
const MAX_OFFSET_MINUTES = 14 * 60;

function realDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 as written.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

function nearEvent(year: number, eventYear: number): boolean {
  return Math.abs(year - eventYear) <= MOMENT_YEARS_AROUND_EVENT;
}

/** True for a real calendar date written "YYYY-MM-DD" within the event's year ± MOMENT_YEARS_AROUND_EVENT. */
export function isDateNearEvent(text: string, eventYear: number): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return realDay(year, month, day) && nearEvent(year, eventYear);
}

/**
 * The moment an ISO 8601 text with its offset names ("2027-03-14T09:30:00+02:00", "…Z"), or null
 * when it is not a real date and time within the event's year ± MOMENT_YEARS_AROUND_EVENT.
 */
export function parseMoment(text: string, eventYear: number): Date | null {
  const match = MOMENT.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = [1, 2, 3, 4, 5].map((group) => Number(match[group])) as [number, number, number, number, number];
  const seconds = Number(match[6] ?? 0);
  const millis = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (!realDay(year, month, day) || hours > 23 || minutes > 59 || seconds > 59 || !nearEvent(year, eventYear)) return null;
  let offset = 0;
  if (match[8]?.toUpperCase() !== 'Z') {
    const [offsetHours, offsetMinutes] = [Number(match[9]), Number(match[10])];
    if (offsetMinutes > 59) return null;
    offset = (match[8]?.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
    if (Math.abs(offset) > MAX_OFFSET_MINUTES) return null;
  }
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hours, minutes, seconds, millis);
  return new Date(local.getTime() - offset * 60_000);
}

/** The year of a "YYYY-MM-DD" date (the programme's first day names the event's year). */
export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}
