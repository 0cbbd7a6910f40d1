import { z } from './zod.ts';
import { programmeDays, type ProgrammeDocument, type ProgrammeResponse } from './programme.ts';
import { ENGLISH_WORDING, type Wording } from './wording.ts';

/**
 * Published versions of the programme and what changed between two of them (docs/product.md#a-published-schedule,
 * docs/decisions/034-programme-versions-and-the-diff.md). Organisers edit a draft; attendees see the
 * last published version; each version keeps the changes it made, for the changelog and the alerts.
 */

export const CHANGE_KINDS = ['new', 'cancelled', 'moved', 'renamed', 'speakers'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** What attendees see of one part, in the terms a change is told in. */
export interface PartFacts {
  title: string;
  /** "YYYY-MM-DD" at the venue. */
  date: string;
  startTime: string;
  endTime: string;
  /** Empty when the part names no room. */
  room: string;
  speakers: string[];
}

/** One part that changed: its kinds of change, and the part before and after (null when new or cancelled). */
export interface PartChange {
  partId: string;
  kinds: ChangeKind[];
  before: PartFacts | null;
  after: PartFacts | null;
}

export interface ProgrammeDiff {
  /** Parts that changed, in the order of the newer programme, cancelled parts last. */
  parts: PartChange[];
  /** True when the two documents are the same in every detail (descriptions, speakers' profiles, venue too). */
  unchanged: boolean;
}

export const PUBLISH_NOTE_MAX = 280;

export const VERSION_MESSAGES = {
  noteEmpty: 'Write a short note for attendees about what changed, such as "Session 3 moved to Hall B".',
  noteTooLong: `Keep the note to ${PUBLISH_NOTE_MAX} characters or fewer.`,
  nothingChanged: 'Nothing has changed since the last published version, so there is nothing to publish.',
  draftMoved: 'The draft changed since you reviewed it (perhaps another organiser saved). Review the changes again, then publish.',
  firstNote: 'The programme as first published.',
} as const;

function factsOf(programme: ProgrammeDocument): Map<string, PartFacts> {
  const days = programmeDays(programme.settings);
  const facts = new Map<string, PartFacts>();
  for (const session of programme.agenda) {
    for (const part of session.parts) {
      facts.set(part.id, {
        title: part.title,
        date: days[session.day - 1] ?? days[0] ?? '',
        startTime: part.startTime,
        endTime: part.endTime,
        room: part.room?.trim() ?? '',
        speakers: part.speakers.length ? part.speakers.map((ref) => ref.name) : part.speaker ? [part.speaker] : [],
      });
    }
  }
  return facts;
}

function kindsOf(before: PartFacts, after: PartFacts): ChangeKind[] {
  const kinds: ChangeKind[] = [];
  if (before.date !== after.date || before.startTime !== after.startTime || before.endTime !== after.endTime || before.room !== after.room) {
    kinds.push('moved');
  }
  if (before.title !== after.title) kinds.push('renamed');
  if (before.speakers.join('\n') !== after.speakers.join('\n')) kinds.push('speakers');
  return kinds;
}

/** JSON with its keys sorted, so two documents compare by content (the database reorders keys). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** What changes for attendees from one programme to the next, part by part (a part is its id). */
export function programmeDiff(before: ProgrammeDocument, after: ProgrammeDocument): ProgrammeDiff {
  const old = factsOf(before);
  const next = factsOf(after);
  const parts: PartChange[] = [];
  for (const [partId, facts] of next) {
    const previous = old.get(partId);
    if (!previous) parts.push({ partId, kinds: ['new'], before: null, after: facts });
    else {
      const kinds = kindsOf(previous, facts);
      if (kinds.length) parts.push({ partId, kinds, before: previous, after: facts });
    }
  }
  for (const [partId, facts] of old) {
    if (!next.has(partId)) parts.push({ partId, kinds: ['cancelled'], before: facts, after: null });
  }
  return { parts, unchanged: canonicalJson(before) === canonicalJson(after) };
}

/** The whole programme moved by a number of days: the days its parts were on, and are on now ("YYYY-MM-DD", first and last). */
export interface DayShift {
  from: { first: string; last: string };
  to: { first: string; last: string };
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/**
 * Whether a publish moved every part by the same number of days (the conference's dates moved):
 * `partCount` is the number of parts in the newer programme. At least two parts, and every part in
 * both versions among the changes with its day moved by that many days; null otherwise.
 */
export function dayShiftOf(changes: readonly PartChange[], partCount: number): DayShift | null {
  const kept = changes.filter((change) => change.before && change.after);
  const inBoth = partCount - changes.filter((change) => !change.before).length;
  if (inBoth < 2 || kept.length !== inBoth) return null;
  const offsets = new Set(kept.map((change) => dayNumber(change.after?.date ?? '') - dayNumber(change.before?.date ?? '')));
  const [offset] = [...offsets];
  if (offsets.size !== 1 || !offset || !Number.isFinite(offset)) return null;
  const span = (dates: string[]) => {
    const sorted = [...dates].sort();
    return { first: sorted[0] ?? '', last: sorted[sorted.length - 1] ?? '' };
  };
  return { from: span(kept.map((change) => change.before?.date ?? '')), to: span(kept.map((change) => change.after?.date ?? '')) };
}

/** Whether the shift says all there is to say of a change: only its day moved (same times, room, title, speakers). */
export function onlyShifted(change: PartChange, shift: DayShift | null): boolean {
  const { before, after } = change;
  if (!shift || !before || !after || change.kinds.length !== 1 || change.kinds[0] !== 'moved') return false;
  return before.startTime === after.startTime && before.endTime === after.endTime && before.room === after.room;
}

/** "6–7 Dec", "30 Nov–1 Dec" or "6 Dec" in English: a span of days written in `locale`. */
function dayRange(span: { first: string; last: string }, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const first = new Date(`${span.first}T00:00:00Z`);
  const last = new Date(`${span.last}T00:00:00Z`);
  // The range's dash without the spaces Intl puts around it: "6–7 Dec", "30 Nov–1 Dec".
  return span.first === span.last ? format.format(first) : format.formatRange(first, last).replace(/\s+–\s+/u, '–');
}

/** "All parts moved from 6–7 Dec to 29–30 Nov": one line for a shift of the whole programme, in the changelog and the publish dialog. */
export function describeDayShift(shift: DayShift, wording: Wording = ENGLISH_WORDING): string {
  const { say, locale } = wording;
  return say('All parts moved from {from} to {to}', { from: dayRange(shift.from, locale), to: dayRange(shift.to, locale) });
}

/** A part change with how many people starred the part. */
export interface PartChangePreview extends PartChange {
  stars: number;
}

export interface PublishPreview {
  /** The draft this preview was made from: publishing refuses if it has changed since. */
  draft_version: number;
  /** The version attendees see now. */
  published_version: number;
  unchanged: boolean;
  changes: PartChangePreview[];
  /** Set when every part moved by the same number of days: the dialog says it in one line. */
  shift: DayShift | null;
}

export interface ProgrammeVersionEntry {
  version: number;
  note: string;
  published_at: string;
  changes: PartChange[];
  /** Set when every part moved by the same number of days: the changelog says it in one line. */
  shift: DayShift | null;
}

export interface PublishResult {
  version: number;
  published_at: string;
  changes: number;
  /** People who starred a changed part and were told. */
  notified: number;
}

export const versionProcedureParams = {
  /** Organisers: the draft they edit (attendees read the published version at GET /content/v1/programme). */
  get_programme_draft: z.strictObject({}),
  /** Organisers: what publishing the draft now would change, with the stars of each part. */
  preview_programme_publish: z.strictObject({}),
  publish_programme: z.strictObject({
    /** The public note; checked by the procedure so an empty or long note gets its own words. */
    p_note: z.string().max(10_000),
    /** The draft_version of the preview the organiser confirmed. */
    p_draft_version: z.int().min(1),
  }),
  /** Everyone signed in: the published versions, newest first. */
  list_programme_versions: z.strictObject({}),
} as const;

export interface VersionProcedureResults {
  get_programme_draft: ProgrammeResponse;
  preview_programme_publish: PublishPreview;
  publish_programme: PublishResult;
  list_programme_versions: ProgrammeVersionEntry[];
}

const shortDates = new Map<string, Intl.DateTimeFormat>();

/** "Sat 6 Dec" in English: a part's day, written in `locale`. */
function shortDate(date: Date, locale: string): string {
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    shortDates.set(locale, format);
  }
  const written = format.format(date);
  return locale === ENGLISH_WORDING.locale ? written.replace(',', '') : written;
}

/** "Sat 6 Dec 09:00–09:30, Hall B": when and where a part is, in venue time, its day written in `locale`. */
export function whenAndWhere(facts: PartFacts, locale = ENGLISH_WORDING.locale): string {
  const [year, month, day] = facts.date.split('-').map(Number) as [number, number, number];
  const date = Number.isFinite(year) ? shortDate(new Date(Date.UTC(year, month - 1, day)), locale) : facts.date;
  return `${date} ${facts.startTime}–${facts.endTime}${facts.room ? `, ${facts.room}` : ''}`;
}

/**
 * One change in words, the same in the changelog, the bell and the e-mail: 'New: "Title", Sat 6
 * Dec 09:00–09:30', '"Title" moved: Sat 6 Dec 09:00–09:30 → Sat 6 Dec 09:30–10:00, Hall B',
 * 'Cancelled: "Title" (was Sat 6 Dec 09:00–09:30)'. In English unless a reader's wording is given
 * (the server's bell and e-mails, in the reader's language).
 */
export function describePartChange(change: PartChange, wording: Wording = ENGLISH_WORDING): string {
  const { say, locale } = wording;
  const { before, after } = change;
  const when = (facts: PartFacts) => whenAndWhere(facts, locale);
  const people = (names: string[]): string => (names.length ? names.join(', ') : say('nobody named'));
  if (!before && after) return say('New: "{title}", {when}', { title: after.title, when: when(after) });
  if (before && !after) return say('Cancelled: "{title}" (was {when})', { title: before.title, when: when(before) });
  if (!before || !after) return '';
  const words: string[] = [];
  if (change.kinds.includes('renamed')) words.push(say('"{before}" is now "{after}"', { before: before.title, after: after.title }));
  if (change.kinds.includes('moved')) {
    const moved = { title: after.title, from: when(before), to: when(after) };
    words.push(words.length ? say('moved: {from} → {to}', moved) : say('"{title}" moved: {from} → {to}', moved));
  }
  if (change.kinds.includes('speakers')) {
    const speakers = { title: after.title, now: people(after.speakers), were: people(before.speakers) };
    words.push(words.length ? say('speakers now {now} (were {were})', speakers) : say('"{title}": speakers now {now} (were {were})', speakers));
  }
  return words.join('; ');
}
