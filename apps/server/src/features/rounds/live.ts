import type { FastifyBaseLogger } from 'fastify';
import { ROUNDS_TOPIC, type RoundLiveEvent } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { publishLive } from '../../live/publish.ts';
import { COUNTS_PUBLIC, IN_ROUND, iso } from './queries.ts';

/** How long a round's changes gather before the one message about them goes out. */
export const ROUNDS_FLUSH_INTERVAL_MS = 500;

/**
 * Tells every instance a round changed (state, schedule or who has voted), after the commit. The
 * bus carries only the round's id; each instance's RoundsFeed reads what anyone may see of it.
 * `revealed` also wakes the bell and the e-mails: a reveal records notifications.
 */
export function publishRoundChange(db: Db, roundId: string, revealed = false): void {
  publishLive(db, { topic: ROUNDS_TOPIC, data: revealed ? { round_id: roundId, revealed: true } : { round_id: roundId } });
}

/** Whether a rounds message on the bus announces a reveal (see publishRoundChange). */
export function announcesReveal(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'revealed' in data && data.revealed === true;
}

function roundIdOf(data: unknown): string | null {
  return typeof data === 'object' && data !== null && 'round_id' in data && typeof data.round_id === 'string' ? data.round_id : null;
}

/**
 * Coalesces round changes per instance: the rounds that changed within an interval are read once
 * (state, schedule, how many voted, and the counts only when they are public) and sent to every
 * follower of the rounds topic as the same bytes. A burst of 6,000 votes is a few messages a second.
 */
export class RoundsFeed {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  receive(data: unknown): void {
    const roundId = roundIdOf(data);
    if (!roundId) return;
    this.pending.add(roundId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ROUNDS_FLUSH_INTERVAL_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    if (!this.hub.hasSubscribers(ROUNDS_TOPIC)) return;
    try {
      const events = await this.db.query<RoundLiveEvent>(
        `select r.round_id, r.state, ${iso('r.opens_at')} as opens_at, ${iso('r.closes_at')} as closes_at,
                (select count(distinct v.user_id)::int from round_votes v where v.round_id = r.round_id) as voter_count,
                case when ${COUNTS_PUBLIC} then coalesce((
                  select json_agg(json_build_object('mission_id', m.mission_id, 'vote_count',
                           (select count(*)::int from round_votes v where v.round_id = r.round_id and v.mission_id = m.mission_id)))
                    from missions m where ${IN_ROUND}), '[]'::json) end as counts
           from vote_rounds r where r.round_id = any($1::uuid[])`,
        [ids],
      );
      for (const event of events) this.hub.publish(ROUNDS_TOPIC, event);
    } catch (error) {
      // Screens read the round again when they regain focus or reconnect.
      this.log.warn({ err: error }, 'a round change could not be read for the live channel');
    }
  }
}
