import { readFileSync } from 'node:fs';
import type { ProgrammeSettings } from '@mc/contract/agenda.ts';
import { parseConferenceContent, type Speaker } from '@mc/contract/conference.ts';
import {
  programmeDays,
  programmeFromContent,
  programmeSchema,
  type ProgrammeDocument,
  type ProgrammePart,
  type ProgrammeResponse,
  type ProgrammeSession,
  type ProgrammeSettingsDocument,
} from '@mc/contract/programme.ts';
import type { Config } from '../config.ts';
import { yearOf } from '@mc/contract/moments.ts';
import type { Queryable } from '../db/db.ts';

/**
 * The one place the agenda features read the programme from: the last published version
 * (readPublished; publishing adds versions, features/programme/versions.ts), never the organisers' draft, with the conference's dates, time
 * zone and venue as they set them.
 */
export interface Programme {
  speakers: Speaker[];
  agenda: ProgrammeSession[];
  /** The dates and zone, with the venue, its address, map link and rooms as the organisers entered them. */
  settings: ProgrammeSettings & ProgrammeSettingsDocument;
}

/** The sample content files the web app once bundled: the seed of an empty database. */
export function sampleProgramme(config: Config): ProgrammeDocument {
  const file = (name: string): unknown => JSON.parse(readFileSync(new URL(`../../../web/src/features/conference/content/${name}`, import.meta.url), 'utf8'));
  const content = parseConferenceContent(file('speakers.json'), file('agenda.json'));
  return programmeSchema.parse(programmeFromContent(content, { startDate: config.CONFERENCE_START_DATE, timeZone: config.CONFERENCE_TIME_ZONE }));
}

/** The version attendees see: its number and document. */
export async function readPublished(db: Queryable): Promise<ProgrammeResponse & { published_at: string }> {
  const [row] = await db.query<{ version: number; document: ProgrammeDocument; published_at: string | Date }>(
    'select version, document, published_at from programme_versions order by version desc limit 1',
  );
  if (!row) throw new Error('the programme has not been published');
  return { version: Number(row.version), programme: row.document, published_at: new Date(row.published_at).toISOString() };
}

export async function readProgramme(db: Queryable, _config: Config): Promise<Programme> {
  return programmeView((await readPublished(db)).programme);
}

export function programmeView(programme: ProgrammeDocument): Programme {
  return {
    speakers: programme.speakers,
    agenda: programme.agenda,
    settings: { ...programme.settings, days: programmeDays(programme.settings) },
  };
}

export interface PartInProgramme {
  part: ProgrammePart;
  session: ProgrammeSession;
  /** "YYYY-MM-DD" in the venue's time zone */
  date: string;
}

/** Every part with its session and its date, in programme order. */
export function partsOf(programme: Programme): PartInProgramme[] {
  const ordered = [...programme.agenda].sort((a, b) => a.sessionNumber - b.sessionNumber);
  return ordered.flatMap((session) => {
    const date = programme.settings.days[session.day - 1] ?? programme.settings.days[0] ?? '';
    return session.parts.map((part) => ({ part, session, date }));
  });
}

/** The event's year: the year of the programme's first day (docs/product.md#dates-times-and-counts). */
export async function eventYear(db: Queryable): Promise<number> {
  const [row] = await db.query<{ start: string }>(`select document->'settings'->>'startDate' as start from programme`);
  if (!row) throw new Error('the programme has not been seeded');
  return yearOf(row.start);
}
