import { ROUNDS_TOPIC } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { publishLive } from '../../live/publish.ts';

/**
 * Tells every instance a round changed (state, schedule or who has voted), after the commit.
 * The message carries only the round's id: screens read the round again through
 * get_current_vote_round, which alone decides who may see its counts.
 */
export function publishRoundChange(db: Db, roundId: string): void {
  publishLive(db, { topic: ROUNDS_TOPIC, data: { round_id: roundId } });
}
