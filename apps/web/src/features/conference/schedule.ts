import { minutesOf, sessionDay, type Part, type Session, type Speaker } from '@mc/contract/conference.ts';

/** "09:00 – 11:30" */
export function formatTimeRange(startTime: string, endTime: string): string {
  return `${startTime} – ${endTime}`;
}

/** A part's length in whole hours and the minutes left over: 10:15–11:45 is { hours: 1, minutes: 30 } (programmeTexts.ts writes it out). */
export function durationOf(startTime: string, endTime: string): { hours: number; minutes: number } {
  const total = minutesOf(endTime) - minutesOf(startTime);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** A session's conference day: its own, or for content without days, the sample schedule's. */
export function dayOf(session: Session & { day?: number }): number {
  return session.day ?? sessionDay(session.sessionNumber) ?? 0;
}

/** Ordering (docs/product.md#agenda-schedule): by day, then by start time. */
export function orderSessions<S extends Session & { day?: number }>(sessions: readonly S[]): S[] {
  return [...sessions].sort((a, b) => dayOf(a) - dayOf(b) || minutesOf(a.startTime) - minutesOf(b.startTime) || a.sessionNumber - b.sessionNumber);
}

/** A conference day's sessions; its name ("Day One") is dayLabel(day), in the interface's language. */
export interface DayOfSessions<S extends Session = Session> {
  day: number;
  sessions: S[];
}

/** The ordered sessions grouped by conference day. */
export function sessionsByDay<S extends Session & { day?: number }>(sessions: readonly S[]): DayOfSessions<S>[] {
  const days: DayOfSessions<S>[] = [];
  for (const session of orderSessions(sessions)) {
    const day = dayOf(session);
    let group = days.find((entry) => entry.day === day);
    if (!group) {
      group = { day, sessions: [] };
      days.push(group);
    }
    group.sessions.push(session);
  }
  return days;
}

export interface SpeakerAppearance {
  part: Part;
  session: Session;
}

/** A speaker's sessions: the parts whose speakers reference them by name, in agenda order. */
export function appearancesOf(speakerName: string, sessions: readonly Session[]): SpeakerAppearance[] {
  return orderSessions(sessions).flatMap((session) =>
    session.parts.filter((part) => part.speakers.some((ref) => ref.name === speakerName)).map((part) => ({ part, session })),
  );
}

/** Case-insensitive match of the query against name, designation or bio; a blank query matches everyone. */
export function filterSpeakers(speakers: readonly Speaker[], query: string): Speaker[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...speakers];
  return speakers.filter((speaker) => [speaker.name, speaker.designation, speaker.about].some((field) => field.toLocaleLowerCase().includes(needle)));
}

export type SpeakerOrder = 'name' | 'programme';

const TITLE_PREFIX = /^((dr|prof|mr|mrs|ms|mx|sir|dame|rev)\.?\s+)+/i;

/** A–Z by name with titles such as "Dr." or "Prof." ignored; or as the programme lists them. */
export function sortSpeakers(speakers: readonly Speaker[], order: SpeakerOrder): Speaker[] {
  if (order === 'programme') return [...speakers];
  const key = (speaker: Speaker) => speaker.name.replace(TITLE_PREFIX, '');
  return [...speakers].sort((a, b) => key(a).localeCompare(key(b), 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'en'));
}
