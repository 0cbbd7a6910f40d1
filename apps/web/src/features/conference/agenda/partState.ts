import type { Speaker } from '@mc/contract/conference.ts';
import type { ProgrammePart, ProgrammeSettingsDocument } from '@mc/contract/programme.ts';

export type View = 'compact' | 'detailed';

/** What a part shows besides its content: the person's star, the now/next marker and overlaps. */
export interface PartState {
  starred: boolean;
  marker: 'now' | 'next' | null;
  overlapsWith: string[];
  onStar: (part: ProgrammePart, starred: boolean) => void;
  speakersByName: ReadonlyMap<string, Speaker>;
  abroad: boolean;
  highlighted: boolean;
  /** The venue, its address and map link, for where each part happens. */
  venue: Pick<ProgrammeSettingsDocument, 'venue' | 'venueAddress' | 'mapUrl'>;
}
