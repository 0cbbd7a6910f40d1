import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { appConfig } from '../../lib/appConfig';
import { venueInstant, type ProgrammeSettings, type TimedItem } from '@mc/contract/agenda.ts';
import type { Speaker } from '@mc/contract/conference.ts';
import { programmeDays, type ProgrammePart, type ProgrammeResponse, type ProgrammeSession, type ProgrammeSettingsDocument } from '@mc/contract/programme.ts';
import { queryKeys } from '../../lib/queryKeys';
import { currentFormattingLocale } from '../../i18n/i18n';
import { dateTimeFormat, type DateFormatter } from '../../i18n/formats';
import { fetchProgramme } from './programmeFetch.ts';
import { orderSessions } from './schedule.ts';

/**
 * The one place the web app reads the programme from: the last published version on the server
 * (GET /content/v1/programme; the organisers' draft never comes this way). The browser revalidates it with its ETag, so an unchanged programme
 * costs a 304 and an edit shows on the next load; every screen asks useProgramme().
 */
export interface Programme {
  speakers: Speaker[];
  agenda: ProgrammeSession[];
  settings: ProgrammeSettings & ProgrammeSettingsDocument;
  version: number;
}

export { PROGRAMME_URL, fetchProgramme } from './programmeFetch.ts';

export function programmeQuery() {
  return queryOptions({
    queryKey: queryKeys.programme,
    queryFn: fetchProgramme,
    // Every visit to a programme screen asks again; the ETag makes that cheap.
    staleTime: 0,
    select: programmeOf,
  });
}

/** The programme as screens use it: the document with the conference's dates spelled out. */
export function programmeOf({ version, programme }: ProgrammeResponse): Programme {
  return {
    version,
    speakers: programme.speakers,
    agenda: programme.agenda,
    settings: { ...programme.settings, days: programmeDays(programme.settings) },
  };
}

/** The programme; the screen waits (Suspense) until it has arrived. */
export function useProgramme(): Programme {
  return useSuspenseQuery(programmeQuery()).data;
}

/**
 * The venue's time zone as the organisers set it, without waiting: the configured zone until the
 * programme has arrived. Screens that show moments (the organiser console) show them in it.
 */
export function useVenueTimeZone(): string {
  return useQuery(programmeQuery()).data?.settings.timeZone ?? appConfig.conferenceTimeZone;
}

export interface ScheduledPart extends TimedItem {
  part: ProgrammePart;
  session: ProgrammeSession;
  day: number;
  date: string;
}

/** Every part with its day, date and real start and end moments, in programme order. */
export function scheduledParts(source: Programme): ScheduledPart[] {
  return orderSessions(source.agenda).flatMap((session) => {
    const day = session.day;
    const date = source.settings.days[day - 1] ?? source.settings.days[0] ?? '';
    return session.parts.map((part) => ({
      id: part.id,
      part,
      session,
      day,
      date,
      start: venueInstant(date, part.startTime, source.settings.timeZone),
      end: venueInstant(date, part.endTime, source.settings.timeZone),
    }));
  });
}

// A programme day is a calendar date ("YYYY-MM-DD"): it is read and shown at UTC so that no time zone
// moves it to the day before or after. Like every date in the app, it is written in the interface
// language's locale, so each style has a formatter per locale, made the first time it is asked for.
const CALENDAR_DATE_STYLES = {
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function calendarDateFormat(style: keyof typeof CALENDAR_DATE_STYLES): DateFormatter {
  return dateTimeFormat(currentFormattingLocale(), CALENDAR_DATE_STYLES[style]);
}

function calendarDate(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** "Saturday, December 6, 2025" (en-US) or "Saturday 6 December 2025" (en-GB) for a "YYYY-MM-DD" date. */
export function formatLongDate(date: string): string {
  return calendarDateFormat('long').format(calendarDate(date));
}

/** "Sat, Dec 6" (en-US) or "Sat 6 Dec" (en-GB). */
export function formatShortDate(date: string): string {
  return calendarDateFormat('short').format(calendarDate(date));
}

/** "Dec 6" (en-US) or "6 Dec" (en-GB): a day of the programme where room is short. */
export function formatDayMonth(date: string): string {
  return calendarDateFormat('dayMonth').format(calendarDate(date));
}

/** One formatter per zone: making one costs a phone several milliseconds, and the agenda asks on every render. */
const zoneOffsetFormats = new Map<string, Intl.DateTimeFormat>();

/** "GMT+2" for the zone at that moment: the same notation in every language (and compared between zones). */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  let format = zoneOffsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' });
    zoneOffsetFormats.set(timeZone, format);
  }
  const part = format.formatToParts(at).find((entry) => entry.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** "Johannesburg" from "Africa/Johannesburg". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
}

/** The device's time zone, or null when the browser does not say. */
export function deviceTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** "14:00" in the given zone: the programme's 24-hour clock, as its times are written, in every language. */
export function formatClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}
