import { useMemo } from 'react';
import { toast } from 'sonner';
import { i18n } from '../../../i18n/i18n';
import { overlappingIds, type NowAndNext } from '@mc/contract/agenda.ts';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import type { useMyAgenda } from '../myAgenda.ts';
import type { Programme, ScheduledPart } from '../programme.ts';
import type { PartState } from './partState.ts';

export interface PartStateInputs {
  programme: Programme;
  /** The parts on now and next at the venue. */
  markers: NowAndNext;
  starredIds: ReadonlySet<string>;
  /** The starred parts with their moments, to tell which of them overlap. */
  starredParts: readonly ScheduledPart[];
  /** The part a link pointed to (`?part=`), shown highlighted. */
  focusPart: string | null;
  /** Whether the device is set to another time zone than the venue's. */
  abroad: boolean;
  setFavourite: ReturnType<typeof useMyAgenda>['setFavourite'];
}

/**
 * What each part shows besides its content, the same in the list, the grid and the search results:
 * its star (saved on the server, with a toast that says what changed), "Now" or "Next", the starred
 * parts it overlaps, its speakers' cards, where it happens, and "venue time" on a device set to
 * another zone.
 */
export function usePartState({
  programme,
  markers,
  starredIds,
  starredParts,
  focusPart,
  abroad,
  setFavourite,
}: PartStateInputs): (part: ProgrammePart) => PartState {
  const overlaps = useMemo(() => overlapMap(starredParts), [starredParts]);
  const speakersByName = useMemo(() => new Map(programme.speakers.map((speaker) => [speaker.name, speaker])), [programme]);

  function onStar(part: ProgrammePart, starred: boolean) {
    setFavourite.mutate(
      { partId: part.id, starred },
      {
        onSuccess: () => toast.success(starred ? i18n._('agenda.star.added', { title: part.title }) : i18n._('agenda.star.removed', { title: part.title })),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (part) => ({
    starred: starredIds.has(part.id),
    marker: markers.now.includes(part.id) ? 'now' : markers.next.includes(part.id) ? 'next' : null,
    overlapsWith: overlaps.get(part.id) ?? [],
    onStar,
    speakersByName,
    abroad,
    highlighted: part.id === focusPart,
    venue: programme.settings,
  });
}

/** For each starred part, the titles of the other starred parts it overlaps. */
function overlapMap(starred: readonly ScheduledPart[]): Map<string, string[]> {
  const flagged = overlappingIds(starred);
  const result = new Map<string, string[]>();
  for (const entry of starred) {
    if (!flagged.has(entry.id)) continue;
    const others = starred.filter((other) => other.id !== entry.id && other.start < entry.end && entry.start < other.end);
    result.set(
      entry.id,
      others.map((other) => other.part.title),
    );
  }
  return result;
}
