import type { z } from './zod.ts';

/**
 * A programme's problems in the organiser's words (docs/product.md#save_programme_settings): each
 * one names its place as the console shows it ("Session 3, part 1", "Speaker "Grace Hopper"",
 * "Conference details") and then what is wrong, never a path into the document.
 */

const FIELD_NAMES: Record<string, string> = {
  startDate: 'first day',
  endDate: 'last day',
  timeZone: 'time zone',
  venue: 'venue',
  venueAddress: 'venue address',
  mapUrl: 'map link',
  rooms: 'rooms',
  id: 'id',
  name: 'name',
  designation: 'designation',
  about: 'bio',
  profilePicURL: 'photo',
  linkedinUrl: 'LinkedIn address',
  websiteUrl: 'website',
  twitterUrl: 'Twitter address',
  sessionNumber: 'number',
  day: 'day',
  sessionTitle: 'title',
  startTime: 'start time',
  endTime: 'end time',
  parts: 'parts',
  title: 'title',
  type: 'type',
  speaker: 'speaker line',
  speakers: 'speakers',
  description: 'description',
  room: 'room',
};

type Path = readonly PropertyKey[];

function entry(list: unknown, index: PropertyKey): Record<string, unknown> | undefined {
  if (!Array.isArray(list) || typeof index !== 'number') return undefined;
  const found: unknown = list[index];
  return typeof found === 'object' && found !== null ? (found as Record<string, unknown>) : undefined;
}

function fieldName(key: PropertyKey): string {
  return typeof key === 'string' ? (FIELD_NAMES[key] ?? key) : `item ${Number(key) + 1}`;
}

/** "Session 3, part 1, start time", from the path of a problem in the candidate document. */
export function placeOf(path: Path, candidate: unknown): string {
  const document = typeof candidate === 'object' && candidate !== null ? (candidate as Record<string, unknown>) : {};
  const [section, index, ...rest] = path;
  if (section === 'settings') {
    if (index === 'rooms' && typeof rest[0] === 'number') return `Conference details, room ${rest[0] + 1}`;
    return index === undefined ? 'Conference details' : `Conference details, ${fieldName(index)}`;
  }
  if (section === 'speakers' && typeof index === 'number') {
    const name = entry(document.speakers, index)?.name;
    const speaker = typeof name === 'string' && name.trim() ? `Speaker "${name.trim()}"` : `Speaker ${index + 1}`;
    return rest[0] === undefined ? speaker : `${speaker}, ${fieldName(rest[0])}`;
  }
  if (section === 'agenda' && typeof index === 'number') {
    const number = entry(document.agenda, index)?.sessionNumber;
    const words = [`Session ${typeof number === 'number' ? number : index + 1}`];
    let fields = rest;
    if (fields[0] === 'parts' && typeof fields[1] === 'number') {
      words.push(`part ${fields[1] + 1}`);
      fields = fields.slice(2);
    }
    if (fields[0] === 'speakers' && typeof fields[1] === 'number') {
      words.push(`speaker ${fields[1] + 1}`);
      fields = fields.slice(2);
    }
    if (fields[0] !== undefined) words.push(fieldName(fields[0]));
    return words.join(', ');
  }
  return path.map(fieldName).join(', ');
}

const lowerFirst = (text: string): string => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);

/** A limit the schema states without words of its own ("Too big: expected string to have <=100 characters"), said as a person would. */
function wordsOf(issue: z.core.$ZodIssue): string {
  if (!/^too (big|small): expected/i.test(issue.message)) return issue.message;
  if (issue.code === 'too_big' && issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
  if (issue.code === 'too_big' && issue.origin === 'array') return `may list at most ${String(issue.maximum)}`;
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${String(issue.minimum)} characters`;
  if (issue.code === 'too_small' && issue.origin === 'array') return `must list at least ${String(issue.minimum)}`;
  return issue.message;
}

/**
 * Every problem of a programme that fails the schema, one line each: "{place}: {what is wrong}".
 * A place named twice with the same words (a field that breaks two rules) is said once. `within`
 * is where the checked piece sits in `candidate` when only a piece was checked (a session).
 */
export function programmeProblems(error: z.ZodError, candidate: unknown, within: readonly PropertyKey[] = []): string[] {
  const lines = error.issues
    .map((issue) => ({ path: [...within, ...issue.path], message: wordsOf(issue) }))
    .map((issue) => (issue.path.length ? `${placeOf(issue.path, candidate)}: ${lowerFirst(issue.message)}` : issue.message));
  return [...new Set(lines)];
}
