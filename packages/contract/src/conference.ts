import { z } from './zod.ts';

/**
 * The conference content (speakers directory and agenda; docs/product.md#data) is static data that
 * an organiser replaces without touching code. These schemas are the only gate it passes through:
 * the web build runs them (content check), the web module runs them at load, and a test proves
 * they accept the shipped content and refuse broken variants.
 */

export const SPEAKER_COUNT = 17;
export const SESSION_COUNT = 7;
export const PART_TYPES = ['TALK', 'PANEL'] as const;
export type PartType = (typeof PART_TYPES)[number];

/** The seven sessions (docs/product.md#agenda-schedule), their day and their times (24-hour "HH:MM", conference local time). */
export const SESSION_SCHEDULE = [
  { sessionNumber: 1, day: 1, startTime: '09:00', endTime: '11:30' },
  { sessionNumber: 2, day: 1, startTime: '11:45', endTime: '14:15' },
  { sessionNumber: 3, day: 1, startTime: '14:30', endTime: '17:00' },
  { sessionNumber: 4, day: 1, startTime: '17:15', endTime: '19:45' },
  { sessionNumber: 5, day: 1, startTime: '20:00', endTime: '22:30' },
  { sessionNumber: 6, day: 2, startTime: '08:00', endTime: '11:00' },
  { sessionNumber: 7, day: 2, startTime: '11:15', endTime: '14:45' },
] as const;
export type ConferenceDay = (typeof SESSION_SCHEDULE)[number]['day'];

/** The day a session belongs to (1 or 2), or undefined for a number outside the schedule. */
export function sessionDay(sessionNumber: number): ConferenceDay | undefined {
  return SESSION_SCHEDULE.find((entry) => entry.sessionNumber === sessionNumber)?.day;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes since midnight of an "HH:MM" time. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

const time = z.string().regex(TIME, 'Use a 24-hour time such as "09:00"');
const text = z.string().trim().min(1, 'Must not be empty');
/** External links open in a new tab, so only https pages are allowed (never javascript: or data:). */
const httpsUrl = z.url({ protocol: /^https$/, error: 'Must be an https:// address' });
const optionalUrl = z.union([httpsUrl, z.literal('')]).optional();
/** Photos are local files served by the app (e.g. "/speakers/amina.jpg"); empty or absent shows a placeholder icon. */
const localImage = z.string().regex(/^\/(?!\/)[\w\-./]+\.(png|jpe?g|webp|avif|svg)$/i, 'Must be a local image path such as "/speakers/name.jpg"');

export const speakerSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use a lower-case slug such as "amina-yusuf"'),
  name: text,
  designation: text,
  profilePicURL: z.union([localImage, z.literal('')]).optional(),
  about: text,
  linkedinUrl: optionalUrl,
  websiteUrl: optionalUrl,
  twitterUrl: optionalUrl,
});
export type Speaker = z.infer<typeof speakerSchema>;

export const partSpeakerSchema = z.strictObject({
  name: text,
  linkedinUrl: optionalUrl,
});
export type PartSpeaker = z.infer<typeof partSpeakerSchema>;

/**
 * The one rule for a programme part's id, wherever an id is taken: the programme editor and its
 * import, the sample content files (which also require the "s1p1" numbering), and the agenda's
 * stars and calendar files. The database checks the same pattern on starred parts
 * (migrations/012_part_id_rule.sql), so anything the editor saves can be starred.
 */
export const PART_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const partIdSchema = z.string().regex(PART_ID_PATTERN, 'Part ids are lower-case letters, digits and dashes, such as "s1p1"');

export const partSchema = z.strictObject({
  id: partIdSchema,
  title: text,
  type: z.enum(PART_TYPES),
  startTime: time,
  endTime: time,
  /** Display line such as "Amina Yusuf" or "Moderator: … · Panelists: …"; may be empty. */
  speaker: z.string(),
  speakers: z.array(partSpeakerSchema),
  description: text,
});
export type Part = z.infer<typeof partSchema>;

export const sessionSchema = z.strictObject({
  sessionNumber: z.int().min(1).max(SESSION_COUNT),
  sessionTitle: text,
  startTime: time,
  endTime: time,
  parts: z.array(partSchema).min(1, 'A session has at least one part'),
});
export type Session = z.infer<typeof sessionSchema>;

export const speakersFileSchema = z
  .array(speakerSchema)
  .length(SPEAKER_COUNT, `There are exactly ${SPEAKER_COUNT} speakers`)
  .superRefine((speakers, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    speakers.forEach((speaker, index) => {
      if (ids.has(speaker.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Duplicate speaker id "${speaker.id}"` });
      if (names.has(speaker.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Duplicate speaker name "${speaker.name}"` });
      ids.add(speaker.id);
      names.add(speaker.name);
    });
  });

export const agendaFileSchema = z
  .array(sessionSchema)
  .length(SESSION_COUNT, `There are exactly ${SESSION_COUNT} sessions`)
  .superRefine((sessions, ctx) => {
    const seen = new Set<number>();
    sessions.forEach((session, sessionIndex) => {
      const at = (...path: (string | number)[]) => [sessionIndex, ...path];
      const n = session.sessionNumber;
      if (seen.has(n)) ctx.addIssue({ code: 'custom', path: at('sessionNumber'), message: `Session ${n} appears twice` });
      seen.add(n);

      const scheduled = SESSION_SCHEDULE.find((entry) => entry.sessionNumber === n);
      if (scheduled && (session.startTime !== scheduled.startTime || session.endTime !== scheduled.endTime)) {
        ctx.addIssue({
          code: 'custom',
          path: at('startTime'),
          message: `Session ${n} runs ${scheduled.startTime}–${scheduled.endTime}, not ${session.startTime}–${session.endTime}`,
        });
      }

      let previousEnd = minutesOf(session.startTime);
      session.parts.forEach((part, partIndex) => {
        const expectedId = `s${n}p${partIndex + 1}`;
        if (part.id !== expectedId)
          ctx.addIssue({ code: 'custom', path: at('parts', partIndex, 'id'), message: `Expected part id "${expectedId}", got "${part.id}"` });
        const start = minutesOf(part.startTime);
        const end = minutesOf(part.endTime);
        if (end <= start) ctx.addIssue({ code: 'custom', path: at('parts', partIndex, 'endTime'), message: `Part ${part.id} must end after it starts` });
        if (start < previousEnd || end > minutesOf(session.endTime))
          ctx.addIssue({
            code: 'custom',
            path: at('parts', partIndex, 'startTime'),
            message: `Part ${part.id} (${part.startTime}–${part.endTime}) must fit in session ${n} (${session.startTime}–${session.endTime}) after the part before it`,
          });
        previousEnd = Math.max(previousEnd, end);
      });
    });

    const lastIndex = sessions.findIndex((session) => session.sessionNumber === SESSION_COUNT);
    const lastParts = sessions[lastIndex]?.parts ?? [];
    const finalPart = lastParts.at(-1);
    if (finalPart && (finalPart.type !== 'PANEL' || finalPart.speakers.length > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: [lastIndex, 'parts', lastParts.length - 1],
        message: `The final part of session ${SESSION_COUNT} is a PANEL with no speakers: the teams with the best missions take the floor`,
      });
    }
  });

export const conferenceContentSchema = z.strictObject({ speakers: speakersFileSchema, agenda: agendaFileSchema }).superRefine(({ speakers, agenda }, ctx) => {
  const byName = new Map(speakers.map((speaker) => [speaker.name, speaker]));
  agenda.forEach((session, sessionIndex) => {
    session.parts.forEach((part, partIndex) => {
      part.speakers.forEach((ref, refIndex) => {
        const path = ['agenda', sessionIndex, 'parts', partIndex, 'speakers', refIndex];
        const speaker = byName.get(ref.name);
        if (!speaker) {
          ctx.addIssue({ code: 'custom', path: [...path, 'name'], message: `Part ${part.id} names "${ref.name}", who is not in the speakers file` });
        } else if ((ref.linkedinUrl ?? '') !== (speaker.linkedinUrl ?? '')) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'linkedinUrl'],
            message: `Part ${part.id} gives "${ref.name}" a LinkedIn address that differs from the speakers file`,
          });
        }
      });
    });
  });
});
export type ConferenceContent = z.infer<typeof conferenceContentSchema>;

/** Thrown when the content files break a rule; the message lists every problem with its place. */
export class ConferenceContentError extends Error {
  override readonly name = 'ConferenceContentError';
}

/** Validates both content files together and returns them typed; throws ConferenceContentError otherwise. */
export function parseConferenceContent(speakers: unknown, agenda: unknown): ConferenceContent {
  const result = conferenceContentSchema.safeParse({ speakers, agenda });
  if (!result.success) throw new ConferenceContentError(`Conference content is invalid:\n${z.prettifyError(result.error)}`);
  return result.data;
}
