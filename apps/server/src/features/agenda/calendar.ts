import ical, { escape, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import { locationText } from '@mc/contract/programme.ts';
import type { PartFacts } from '@mc/contract/programmeVersions.ts';
import type { Say } from '@mc/contract/wording.ts';
import type { ServerLanguage } from '../../i18n/language.ts';
import { wordingIn } from '../../i18n/translate.ts';
import { partsOf, type PartInProgramme, type Programme } from '../../kernel/programme.ts';

export interface CalendarOptions {
  /** The calendar's title in the calendar app. */
  name: string;
  /** The language of the file's own words ("Session 1:", "Speakers:", "Cancelled:"; English when absent); the programme's stay as written. */
  language?: ServerLanguage;
  /** The deployment's public address: UIDs are made unique with its host, links point at it. */
  publicUrl: string;
  /** Which parts to include (all when absent). */
  partIds?: ReadonlySet<string>;
  /** DTSTAMP of every event: when this file was made. */
  now?: Date;
  /** What the published versions changed (programme-history.ts): each event's SEQUENCE, and the cancelled parts. */
  history?: CalendarHistory;
}

export interface CalendarHistory {
  /** How many published versions changed each part: a calendar app replaces an event with a higher SEQUENCE. */
  sequences: ReadonlyMap<string, number>;
  /** Parts cancelled and not back in the programme, as they last were. */
  cancelled: ReadonlyMap<string, PartFacts>;
}

/**
 * An RFC 5545 calendar of programme parts, written by ical-generator (it escapes event text and
 * folds long lines; the calendar's name it writes as given, into NAME and X-WR-CALNAME, so that one
 * goes through the library's `escape` here: a new line in a part's title must not start a
 * property of its own, docs/security.md). Times are the venue's wall-clock times with a TZID and the zone's VTIMEZONE, so a
 * calendar app abroad shows each part at the right moment in its own time. A part's UID is its
 * programme id at this deployment's host, so importing again or a subscription refresh updates
 * the same events instead of adding copies.
 */
export function programmeCalendar(programme: Programme, options: CalendarOptions): string {
  const { timeZone } = programme.settings;
  const host = new URL(options.publicUrl).host;
  const { say } = wordingIn(options.language ?? 'en');
  const calendar = ical({
    name: escape(options.name, false),
    prodId: { company: 'Mission Control', product: 'Agenda', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: timeZone, generator: getVtimezoneComponent },
  });
  const stamp = DateTime.fromJSDate(options.now ?? new Date(), { zone: 'utc' });
  for (const entry of partsOf(programme)) {
    if (options.partIds && !options.partIds.has(entry.part.id)) continue;
    calendar.createEvent({
      id: `${entry.part.id}@${host}`,
      start: venueDateTime(entry, entry.part.startTime, timeZone),
      end: venueDateTime(entry, entry.part.endTime, timeZone),
      timezone: timeZone,
      stamp,
      summary: entry.part.title,
      location: locationText(entry.part.room, programme.settings) || null,
      description: describePart(entry, say),
      categories: [{ name: entry.part.type }],
      url: `${options.publicUrl}/agenda-schedule?part=${encodeURIComponent(entry.part.id)}`,
      sequence: options.history?.sequences.get(entry.part.id) ?? 0,
    });
  }
  // A cancelled part stays in the file as a cancelled event, so calendar apps remove it from the day.
  for (const [partId, facts] of options.history?.cancelled ?? []) {
    if (options.partIds && !options.partIds.has(partId)) continue;
    calendar.createEvent({
      id: `${partId}@${host}`,
      start: DateTime.fromISO(`${facts.date}T${facts.startTime}`, { zone: timeZone }),
      end: DateTime.fromISO(`${facts.date}T${facts.endTime}`, { zone: timeZone }),
      timezone: timeZone,
      stamp,
      summary: say('Cancelled: {title}', { title: facts.title }),
      location: locationText(facts.room, programme.settings) || null,
      status: ICalEventStatus.CANCELLED,
      sequence: options.history?.sequences.get(partId) ?? 1,
    });
  }
  return calendar.toString();
}

function venueDateTime(entry: PartInProgramme, time: string, timeZone: string): DateTime {
  return DateTime.fromISO(`${entry.date}T${time}`, { zone: timeZone });
}

function describePart({ part, session }: PartInProgramme, say: Say): string {
  const people = part.speakers.length ? part.speakers.map((person) => person.name).join(', ') : part.speaker;
  const speakers = part.type === 'PANEL' ? say('Panel: {people}', { people }) : say('Speakers: {people}', { people });
  return [
    say('Session {number}: {title}', { number: String(session.sessionNumber), title: session.sessionTitle }),
    people ? speakers : '',
    '',
    part.description,
  ]
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n');
}
