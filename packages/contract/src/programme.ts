import { z } from './zod.ts';
import { isIsoDate, isTimeZone } from './agenda.ts';
import { minutesOf, partSchema, sessionDay, sessionSchema, speakerSchema, type ConferenceContent } from './conference.ts';

export { programmeProblems } from './programmeProblems.ts';

/**
 * The programme as organisers keep it in the database: the conference's dates, time zone, venue
 * and rooms, the speakers and the sessions with their parts. One schema checks every save, every
 * import and the seed made from the sample content files; it reuses the field rules of the
 * content schema but not its sample-only rules (exactly 17 speakers, the seven fixed sessions).
 * A failed check lists every problem with its place, and nothing is saved.
 */

export const PROGRAMME_LIMITS = {
  speakers: 300,
  sessions: 100,
  partsPerSession: 50,
  rooms: 50,
  days: 14,
  /** Speaker photos: bytes. */
  photoBytes: 2 * 1024 * 1024,
} as const;

export const PHOTO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

const text = z.string().trim().min(1, 'Must not be empty');

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
const isoDate = z.string().refine(isIsoDate, 'Use a date written YYYY-MM-DD');

export const programmeSettingsSchema = z
  .strictObject({
    startDate: isoDate,
    endDate: isoDate,
    timeZone: z.string().refine(isTimeZone, 'Use an IANA time zone such as "Africa/Johannesburg"'),
    venue: z.string().trim().max(200),
    /** The venue's street address, as attendees would give it to a taxi. */
    venueAddress: z.string().trim().max(300).optional(),
    /** A map of the venue the organisers chose: a plain https link that the app never opens by itself. */
    mapUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || isHttpsUrl(value), 'Use a whole https:// address, such as a link to the venue on a map')
      .optional(),
    rooms: z.array(text.max(100)).max(PROGRAMME_LIMITS.rooms),
  })
  .superRefine((settings, ctx) => {
    const days = dayCount(settings.startDate, settings.endDate);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'the last day must be on or after the first day' });
    if (days > PROGRAMME_LIMITS.days) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `a conference lasts at most ${PROGRAMME_LIMITS.days} days` });
    const seen = new Set<string>();
    settings.rooms.forEach((room, index) => {
      if (seen.has(room)) ctx.addIssue({ code: 'custom', path: ['rooms', index], message: `"${room}" is listed twice` });
      seen.add(room);
    });
  });
export type ProgrammeSettingsDocument = z.infer<typeof programmeSettingsSchema>;

export const programmePartSchema = partSchema.extend({
  /** One of the conference's rooms; absent or empty when the part has none. */
  room: z.string().trim().max(100).optional(),
});
export type ProgrammePart = z.infer<typeof programmePartSchema>;

export const programmeSessionSchema = sessionSchema.extend({
  sessionNumber: z.int().min(1).max(999),
  /** The conference day (1 is the first). */
  day: z.int().min(1).max(PROGRAMME_LIMITS.days),
  parts: z.array(programmePartSchema).min(1, 'A session has at least one part').max(PROGRAMME_LIMITS.partsPerSession),
});
export type ProgrammeSession = z.infer<typeof programmeSessionSchema>;

export const programmeSchema = z
  .strictObject({
    settings: programmeSettingsSchema,
    speakers: z.array(speakerSchema).max(PROGRAMME_LIMITS.speakers),
    agenda: z.array(programmeSessionSchema).max(PROGRAMME_LIMITS.sessions),
  })
  .superRefine((programme, ctx) => {
    const speakerIds = new Set<string>();
    const speakerNames = new Map<string, string | undefined>();
    programme.speakers.forEach((speaker, index) => {
      if (speakerIds.has(speaker.id))
        ctx.addIssue({ code: 'custom', path: ['speakers', index, 'id'], message: `another speaker already has the id "${speaker.id}"` });
      else if (speakerNames.has(speaker.name))
        ctx.addIssue({ code: 'custom', path: ['speakers', index, 'name'], message: 'another speaker already has this name' });
      speakerIds.add(speaker.id);
      speakerNames.set(speaker.name, speaker.linkedinUrl);
    });

    const days = dayCount(programme.settings.startDate, programme.settings.endDate);
    const sessionNumbers = new Set<number>();
    const partIds = new Set<string>();
    programme.agenda.forEach((session, sessionIndex) => {
      const n = session.sessionNumber;
      if (sessionNumbers.has(n)) ctx.addIssue({ code: 'custom', path: ['agenda', sessionIndex], message: `another session also has the number ${n}` });
      sessionNumbers.add(n);
      if (session.day > days && days >= 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['agenda', sessionIndex],
          message: `it is on day ${session.day}, but the conference has ${days} day${days === 1 ? '' : 's'}`,
        });
      }
      const [sessionStart, sessionEnd] = [minutesOf(session.startTime), minutesOf(session.endTime)];
      // A time in the wrong format has its own message; its order cannot be judged.
      const readable = Number.isFinite(sessionStart) && Number.isFinite(sessionEnd);
      const timed = readable && sessionEnd > sessionStart;
      if (readable && !timed) ctx.addIssue({ code: 'custom', path: ['agenda', sessionIndex], message: 'the start time must be before the end time' });
      checkParts(programme, session, sessionIndex, { partIds, speakerNames, timed }, ctx);
    });
  });

/**
 * One message per problem: a part whose own times are the wrong way round says only that (not
 * also that it overlaps its neighbours), and the parts of a session whose times are the wrong way
 * round are not measured against it.
 */
function checkParts(
  programme: { settings: { rooms: string[] } },
  session: ProgrammeSession,
  sessionIndex: number,
  seen: { partIds: Set<string>; speakerNames: Map<string, string | undefined>; timed: boolean },
  ctx: { addIssue: (issue: { code: 'custom'; path: (string | number)[]; message: string }) => void },
): void {
  const rooms = new Set(programme.settings.rooms);
  let previous: { end: number; label: string } = { end: minutesOf(session.startTime), label: `the session starts (${session.startTime})` };
  session.parts.forEach((part, partIndex) => {
    const at = (...path: (string | number)[]) => ['agenda', sessionIndex, 'parts', partIndex, ...path];
    if (seen.partIds.has(part.id)) ctx.addIssue({ code: 'custom', path: at('id'), message: `another part already has the id "${part.id}"` });
    seen.partIds.add(part.id);
    const start = minutesOf(part.startTime);
    const end = minutesOf(part.endTime);
    // A time in the wrong format has its own message; its order cannot be judged.
    const readable = Number.isFinite(start) && Number.isFinite(end);
    const problem = !readable ? null : timingProblem(part, { start, end, previous, sessionEnd: seen.timed ? minutesOf(session.endTime) : null });
    if (problem) ctx.addIssue({ code: 'custom', path: at(), message: problem });
    // A part with a wrong time is not "the part before" of the next: one mistake, one message.
    else if (readable) previous = { end: Math.max(previous.end, end), label: `part ${partIndex + 1} ends (${part.endTime})` };
    if (part.room && !rooms.has(part.room)) ctx.addIssue({ code: 'custom', path: at('room'), message: `"${part.room}" is not one of the conference's rooms` });
    part.speakers.forEach((ref, refIndex) => {
      if (!seen.speakerNames.has(ref.name)) {
        ctx.addIssue({ code: 'custom', path: at('speakers', refIndex), message: `"${ref.name}" is not one of the speakers` });
      } else if ((ref.linkedinUrl ?? '') !== (seen.speakerNames.get(ref.name) ?? '')) {
        ctx.addIssue({
          code: 'custom',
          path: at('speakers', refIndex),
          message: `the LinkedIn address given for "${ref.name}" differs from the speaker's`,
        });
      }
    });
  });
}

/** What is wrong with a part's times, if anything; a session whose own times are wrong (null end) is not measured. */
function timingProblem(
  part: ProgrammePart,
  at: { start: number; end: number; previous: { end: number; label: string }; sessionEnd: number | null },
): string | null {
  if (at.end <= at.start) return 'the start time must be before the end time';
  if (at.sessionEnd === null) return null;
  if (at.start < at.previous.end) return `it starts at ${part.startTime}, before ${at.previous.label}`;
  if (at.end > at.sessionEnd) return `it ends at ${part.endTime}, after the session ends (${minutesText(at.sessionEnd)})`;
  return null;
}

const minutesText = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export type ProgrammeDocument = z.infer<typeof programmeSchema>;

/** What GET /content/v1/programme answers: the document and the version its ETag names. */
export interface ProgrammeResponse {
  version: number;
  programme: ProgrammeDocument;
}

/**
 * Where a part happens, in one line: its room, then the venue and its address ("Hall B, Harbour
 * Hall, 1 Dock Road"); empty when the organisers named none of them.
 */
export function locationText(room: string | undefined, settings: Pick<ProgrammeSettingsDocument, 'venue' | 'venueAddress'>): string {
  return [room, settings.venue, settings.venueAddress]
    .map((piece) => piece?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

/** Days between two "YYYY-MM-DD" dates, both counted (0 or less when the end is before the start). */
export function dayCount(startDate: string, endDate: string): number {
  const toDays = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day) / 86_400_000;
  };
  return Math.round(toDays(endDate) - toDays(startDate)) + 1;
}

/** The conference's dates, "YYYY-MM-DD", day 1 first. */
export function programmeDays(settings: Pick<ProgrammeSettingsDocument, 'startDate' | 'endDate'>): string[] {
  const [year, month, day] = settings.startDate.split('-').map(Number) as [number, number, number];
  const count = Math.max(1, Math.min(PROGRAMME_LIMITS.days, dayCount(settings.startDate, settings.endDate)));
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(year, month - 1, day + index)).toISOString().slice(0, 10));
}

/** The seed of an empty database: the sample content files, with the conference's dates and zone. */
export function programmeFromContent(content: ConferenceContent, settings: { startDate: string; timeZone: string }): ProgrammeDocument {
  const lastDay = Math.max(1, ...content.agenda.map((session) => sessionDay(session.sessionNumber) ?? 1));
  const [year, month, day] = settings.startDate.split('-').map(Number) as [number, number, number];
  const endDate = new Date(Date.UTC(year, month - 1, day + lastDay - 1)).toISOString().slice(0, 10);
  return {
    settings: { startDate: settings.startDate, endDate, timeZone: settings.timeZone, venue: '', rooms: [] },
    speakers: content.speakers,
    agenda: content.agenda.map((session) => ({ ...session, day: sessionDay(session.sessionNumber) ?? 1 })),
  };
}

export const PROGRAMME_MESSAGES = {
  invalid: (count: number) => `The programme has ${count} problem${count === 1 ? '' : 's'}; nothing was changed.`,
  speakerNotFound: 'That speaker is not in the programme (it may have been deleted). Reload and try again.',
  speakerInUse: (parts: string[]) => `This speaker still appears in ${parts.join(', ')}. Remove them from those parts first.`,
  sessionNotFound: 'That session is not in the programme (it may have been deleted). Reload and try again.',
  reorderMismatch: 'The new order must list every speaker exactly once. Reload and try again.',
  photoType: 'The photo must be a PNG, JPEG or WebP image.',
  photoSize: `The photo must be at most ${PROGRAMME_LIMITS.photoBytes / 1024 / 1024} MB.`,
} as const;

export const programmeProcedureParams = {
  // The programme's pieces are checked by the procedure, not here, so every problem is listed in
  // words (programmeProblems) rather than as the first bad parameter.
  save_programme_settings: z.strictObject({ p_settings: z.unknown() }),
  save_speaker: z.strictObject({
    /** The id the speaker had (null for a new speaker); a changed id is followed everywhere. */
    p_original_id: z.string().max(200).nullable(),
    p_speaker: z.unknown(),
  }),
  delete_speaker: z.strictObject({ p_id: z.string().max(200) }),
  reorder_speakers: z.strictObject({ p_ids: z.array(z.string().max(200)).max(PROGRAMME_LIMITS.speakers) }),
  save_session: z.strictObject({
    /** The number the session had (null for a new session). */
    p_original_number: z.int().nullable(),
    p_session: z.unknown(),
  }),
  delete_session: z.strictObject({ p_number: z.int() }),
  /** The whole programme, checked here and not by the parameter schema, so every problem is listed. */
  import_programme: z.strictObject({ p_programme: z.unknown() }),
} as const;

export interface ProgrammeProcedureResults {
  save_programme_settings: ProgrammeResponse;
  save_speaker: ProgrammeResponse;
  delete_speaker: ProgrammeResponse;
  reorder_speakers: ProgrammeResponse;
  save_session: ProgrammeResponse;
  delete_session: ProgrammeResponse;
  import_programme: ProgrammeResponse;
}
