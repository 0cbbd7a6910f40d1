import { venueInstant } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { partsOf, programmeView, readPublished } from '../../kernel/programme.ts';

export interface EndedPart {
  partId: string;
  title: string;
  endsAt: Date;
}

/** Every part of the published programme with its title and when it ends (venue time). */
export async function publishedParts(db: Queryable): Promise<EndedPart[]> {
  const programme = programmeView((await readPublished(db)).programme);
  return partsOf(programme).map((entry) => ({
    partId: entry.part.id,
    title: entry.part.title,
    endsAt: venueInstant(entry.date, entry.part.endTime, programme.settings.timeZone),
  }));
}
