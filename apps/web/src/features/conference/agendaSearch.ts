import type { TimedItem } from '@mc/contract/agenda.ts';
import { PART_TYPES, type PartType } from '@mc/contract/conference.ts';
import type { ProgrammePart } from '@mc/contract/programme.ts';

/**
 * What the agenda's search box and filters keep and what they let through
 * (docs/product.md#agenda-schedule). Pure, so the rules are tested without a browser.
 */

/** The message the option list shows for each kind of part; a new kind in the contract needs one here. */
export const PART_TYPE_LABELS: Record<PartType, { messageId: string }> = {
  TALK: { messageId: 'agenda.filters.talks' },
  PANEL: { messageId: 'agenda.filters.panels' },
};

export interface AgendaCriteria {
  /** Words that must all be found in a part's title, speakers or description, already folded. */
  terms: readonly string[];
  type: PartType | null;
  room: string | null;
  /** "My agenda": only these parts; null when every part is shown. */
  starred: ReadonlySet<string> | null;
}

/**
 * Lower case without accents, so "Fátima", "FATIMA" and "fatima" read the same. Lower-casing comes
 * first because it can itself add a combining mark ("İ" becomes "i" and a dot above).
 */
export function foldForSearch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** The words of what was typed, folded; none for a blank box. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** A `?type=` value the programme knows, or null (all types) for anything else. */
export function parsePartType(value: string | null): PartType | null {
  return PART_TYPES.find((type) => type === value) ?? null;
}

/** A `?room=` value that some part is in, or null (all rooms) for anything else. */
export function parseRoom(value: string | null, rooms: readonly string[]): string | null {
  return value !== null && rooms.includes(value) ? value : null;
}

/**
 * The rooms parts are actually in, each once: in the order the organisers listed their rooms, then
 * any other a part names, in programme order. Rooms nobody uses would only lead to empty results.
 */
export function roomsInUse(parts: readonly ProgrammePart[], listed: readonly string[]): string[] {
  const used = new Set<string>();
  for (const part of parts) if (part.room) used.add(part.room);
  const known = listed.filter((room) => used.has(room));
  return [...known, ...[...used].filter((room) => !known.includes(room))];
}

function searchableText(part: ProgrammePart): string {
  return foldForSearch([part.title, part.speaker, ...part.speakers.map((person) => person.name), part.description].join('\n'));
}

export function partMatches(part: ProgrammePart, criteria: AgendaCriteria): boolean {
  if (criteria.type !== null && part.type !== criteria.type) return false;
  if (criteria.room !== null && part.room !== criteria.room) return false;
  if (criteria.starred !== null && !criteria.starred.has(part.id)) return false;
  if (criteria.terms.length === 0) return true;
  const text = searchableText(part);
  return criteria.terms.every((term) => text.includes(term));
}

/** Each session with only the parts that match; sessions left without parts are dropped. */
export function filterSessions<S extends { parts: ProgrammePart[] }>(sessions: readonly S[], criteria: AgendaCriteria): S[] {
  return sessions
    .map((session) => ({ ...session, parts: session.parts.filter((part) => partMatches(part, criteria)) }))
    .filter((session) => session.parts.length > 0);
}

/** The days that have a match, each with only its matching sessions and parts, and how many parts match in all. */
export function matchesByDay<D extends { sessions: S[] }, S extends { parts: ProgrammePart[] }>(
  days: readonly D[],
  criteria: AgendaCriteria,
): { days: D[]; count: number } {
  const found = days.map((day) => ({ ...day, sessions: filterSessions(day.sessions, criteria) })).filter((day) => day.sessions.length > 0);
  const count = found.reduce((total, day) => total + day.sessions.reduce((sum, session) => sum + session.parts.length, 0), 0);
  return { days: found, count };
}

/**
 * Where "Jump to now" goes among the parts shown for today, in programme order: the first one
 * running now, otherwise the next to start, otherwise (the day is over) the last one. Null when
 * nothing is shown.
 */
export function jumpTarget<T extends TimedItem>(shown: readonly T[], now: Date): T | null {
  const at = now.getTime();
  const running = shown.find((item) => item.start.getTime() <= at && at < item.end.getTime());
  if (running) return running;
  let next: T | null = null;
  for (const item of shown) {
    if (item.start.getTime() > at && (next === null || item.start.getTime() < next.start.getTime())) next = item;
  }
  return next ?? shown.at(-1) ?? null;
}
