// What a message on the rounds topic of the live bus says: which round changed, and how. The
// kernel publishes it after a change's commit (kernel/effects.ts); the rounds feed and the
// notification jobs listen.

/**
 * What changed in a round: who has voted (gathered for up to a second, features/rounds/live.ts), or its
 * state or schedule (sent at once: a screen must say "Voting closed" within a second), or its
 * result was revealed (which also records notifications).
 */
export type RoundChange = 'votes' | 'state' | 'revealed';

export function changeOf(data: unknown): RoundChange {
  const change = typeof data === 'object' && data !== null && 'change' in data ? data.change : 'votes';
  return change === 'state' || change === 'revealed' ? change : 'votes';
}

/** Whether a rounds message on the bus announces a reveal (kernel/effects.ts publishes it). */
export function announcesReveal(data: unknown): boolean {
  return changeOf(data) === 'revealed';
}

export function roundIdOf(data: unknown): string | null {
  return typeof data === 'object' && data !== null && 'round_id' in data && typeof data.round_id === 'string' ? data.round_id : null;
}
