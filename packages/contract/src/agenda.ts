import { z } from './zod.ts';
import { partIdSchema, SESSION_SCHEDULE } from './conference.ts';

/**
 * The attendee's agenda beyond the static programme: favourites ("My agenda", kept per person on
 * the server), calendar files, and the conference's dates and time zone that turn the programme's
 * "HH:MM" times into real moments. Shared by the server (procedures, .ics) and the web app.
 */

export const AGENDA_MESSAGES = {
  unknownPart: 'That part is not in the programme (it may have been removed). Reload the agenda and try again.',
  noFeed: 'You have no calendar subscription address. Create one first.',
} as const;

export const agendaProcedureParams = {
  /** The caller's favourite parts, oldest first. */
  get_my_agenda: z.strictObject({}),
  /** Adds (p_starred true) or removes a favourite; answers the state it left, so a repeat is harmless. */
  set_agenda_favourite: z.strictObject({ p_part_id: partIdSchema, p_starred: z.boolean() }),
  /** One part's .ics, or the whole programme's when p_part_id is absent or null. */
  get_agenda_calendar: z.strictObject({ p_part_id: partIdSchema.nullable().optional() }),
  /** Whether the caller has a subscription address, and since when (the secret is never shown again). */
  get_calendar_feed: z.strictObject({}),
  /** A new subscription address; any earlier one stops working at once. */
  create_calendar_feed: z.strictObject({}),
  /** The subscription address stops working; answers the state left (no address). */
  revoke_calendar_feed: z.strictObject({}),
} as const;

export interface AgendaFavourite {
  part_id: string;
  added_at: string;
}

export interface FavouriteChange {
  part_id: string;
  starred: boolean;
}

export interface AgendaCalendarFile {
  filename: string;
  /** text/calendar content (RFC 5545) */
  ics: string;
}

export interface CalendarFeedStatus {
  active: boolean;
  created_at: string | null;
}

/** Only create_calendar_feed answers the address: it holds the secret, which the server keeps hashed. */
export interface CreatedCalendarFeed extends CalendarFeedStatus {
  https_url: string;
  webcal_url: string;
}

export interface AgendaProcedureResults {
  get_my_agenda: AgendaFavourite[];
  set_agenda_favourite: FavouriteChange;
  get_agenda_calendar: AgendaCalendarFile;
  get_calendar_feed: CalendarFeedStatus;
  create_calendar_feed: CreatedCalendarFeed;
  revoke_calendar_feed: CalendarFeedStatus;
}

/** The conference's place in time: the date of each day and the venue's IANA time zone. */
export interface ProgrammeSettings {
  timeZone: string;
  /** "YYYY-MM-DD" of day 1, day 2, … */
  days: string[];
}

export const DEFAULT_CONFERENCE_START_DATE = '2025-12-06';
export const DEFAULT_CONFERENCE_TIME_ZONE = 'Africa/Johannesburg';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** True for a time zone name this JavaScript engine knows (e.g. "Europe/Berlin"). */
export function isTimeZone(name: string): boolean {
  if (!name.includes('/') && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The conference's days from its first date: as many as the schedule has. */
export function programmeSettingsFrom(startDate: string, timeZone: string): ProgrammeSettings {
  const dayCount = Math.max(...SESSION_SCHEDULE.map((entry) => entry.day));
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const days = Array.from({ length: dayCount }, (_, index) => new Date(Date.UTC(year, month - 1, day + index)).toISOString().slice(0, 10));
  return { timeZone, days };
}

/**
 * One wall-clock reader per time zone: making an Intl.DateTimeFormat costs far more than using one,
 * and the agenda asks for every part's start and end (on a phone, tens of milliseconds a render).
 */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

const venueCalendars = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD" of an instant on the calendar of `timeZone` (the en-CA locale writes dates that way). */
export function venueDay(at: Date, timeZone: string): string {
  let calendar = venueCalendars.get(timeZone);
  if (!calendar) {
    calendar = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    venueCalendars.set(timeZone, calendar);
  }
  return calendar.format(at);
}

/** The offset of a time zone from UTC at one instant, in minutes (east positive). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = wallClock(timeZone).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time`. Around a daylight-saving
 * change the offset is taken at the result, so 09:00 is 09:00 on both sides of the change.
 */
export function venueInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const first = wall - zoneOffsetMinutes(timeZone, new Date(wall)) * 60_000;
  const second = wall - zoneOffsetMinutes(timeZone, new Date(first)) * 60_000;
  return new Date(second);
}

export interface TimedItem {
  id: string;
  start: Date;
  end: Date;
}

export interface NowAndNext {
  /** Items running at `now` (start ≤ now < end). */
  now: string[];
  /** The items that start next after `now`, all of them if several start together; empty after the last. */
  next: string[];
  /** When the next items start. */
  nextStart: Date | null;
}

/** What is on now and what comes next, by instants, so midnight and time zones need no special case. */
export function nowAndNext(items: readonly TimedItem[], now: Date): NowAndNext {
  const at = now.getTime();
  const running = items.filter((item) => item.start.getTime() <= at && at < item.end.getTime()).map((item) => item.id);
  let nextStart: number | null = null;
  for (const item of items) {
    const start = item.start.getTime();
    if (start > at && (nextStart === null || start < nextStart)) nextStart = start;
  }
  const next = nextStart === null ? [] : items.filter((item) => item.start.getTime() === nextStart).map((item) => item.id);
  return { now: running, next, nextStart: nextStart === null ? null : new Date(nextStart) };
}

/** Pairs of items whose times overlap (touching ends do not count), each pair once. */
export function overlappingIds(items: readonly TimedItem[]): Set<string> {
  const sorted = [...items].sort((a, b) => a.start.getTime() - b.start.getTime());
  const overlapping = new Set<string>();
  sorted.forEach((a, i) => {
    for (const b of sorted.slice(i + 1)) {
      if (b.start.getTime() >= a.end.getTime()) break;
      overlapping.add(a.id);
      overlapping.add(b.id);
    }
  });
  return overlapping;
}
