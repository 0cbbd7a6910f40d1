import type { ProgrammeSettings } from '@mc/contract/agenda.ts';
import type { Speaker } from '@mc/contract/conference.ts';
import { programmeDays, type ProgrammeDocument, type ProgrammePart, type ProgrammeSession } from '@mc/contract/programme.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/db.ts';
import { readProgrammeDocument } from '../programme/store.ts';

/**
 * The one place the agenda features read the programme from: the organisers' programme in the
 * database (features/programme), with the conference's dates and time zone as they set them.
 */
export interface Programme {
  speakers: Speaker[];
  agenda: ProgrammeSession[];
  settings: ProgrammeSettings;
}

export async function readProgramme(db: Queryable, _config: Config): Promise<Programme> {
  return programmeView((await readProgrammeDocument(db)).programme);
}

export function programmeView(programme: ProgrammeDocument): Programme {
  return {
    speakers: programme.speakers,
    agenda: programme.agenda,
    settings: { timeZone: programme.settings.timeZone, days: programmeDays(programme.settings) },
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
