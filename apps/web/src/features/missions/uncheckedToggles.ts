import { readStoredStrings, STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * Toggles that were sent but whose answer has not come back (docs/decisions/029-a-network-that-lies.md).
 * A toggle is not idempotent (a second "vote" removes the vote), so while one is marked here the
 * next press on that button first reads the mission's current state.
 *
 * A toggle is marked before it is sent and unmarked only when an answer arrives, so the mark also
 * covers a page that is closed or reloaded while the call is out (the app's own reload onto a new
 * build, an update, the person pressing reload). It is kept on the device, not in the page's memory,
 * for the same reason and so that other tabs of the app see it too. Keyed by person: someone else
 * signing in on the device has their own state.
 */

/** Marks kept at most: a device that lost many answers forgets the oldest (each costs one read at most). */
const MAX_MARKS = 50;

export function toggleMark(viewerId: string | null, kind: string, missionId: string): string {
  return `${viewerId ?? 'anonymous'}:${kind}:${missionId}`;
}

function readMarks(): string[] {
  return readStoredStrings(STORAGE_KEYS.uncheckedToggles);
}

export function isUnchecked(mark: string): boolean {
  return readMarks().includes(mark);
}

export function markUnchecked(mark: string): void {
  const marks = readMarks().filter((kept) => kept !== mark);
  writeStored(STORAGE_KEYS.uncheckedToggles, JSON.stringify([...marks, mark].slice(-MAX_MARKS)));
}

export function markChecked(mark: string): void {
  const marks = readMarks();
  if (marks.includes(mark)) writeStored(STORAGE_KEYS.uncheckedToggles, JSON.stringify(marks.filter((kept) => kept !== mark)));
}
