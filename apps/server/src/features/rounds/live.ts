// News of a voting round's changes on the live channel, and of a revealed result for the bell.
import type { FastifyBaseLogger } from 'fastify';
import { ROUNDS_TOPIC, type RoundLiveEvent } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { changeOf, roundIdOf } from '../../kernel/round-changes.ts';
import { CoalescingFeed } from '../../live/coalescing-feed.ts';
import { COUNTS_PUBLIC, IN_ROUND, iso } from './queries.ts';

/**
 * How long a round's votes gather before the one message about them goes out. Each message is a
 * write to every connected screen (2,000 in the closing panel, some 30 µs of CPU each): once a
 * second keeps the projector's "who has voted" current without taking the CPU the votes need. A
 * change of state does not wait for it.
 */
export const ROUNDS_FLUSH_INTERVAL_MS = 1_000;

/*
 * A round's change is declared by the change itself (tx.effects.roundChanged, kernel/effects.ts)
 * and reaches the bus after its commit: only the round's id and the kind of change (who has voted,
 * gathered for up to ROUNDS_FLUSH_INTERVAL_MS; its state or schedule, sent at once, as a screen
 * must say "Voting closed" within a second; or its result revealed, which also records
 * notifications). Each instance's rounds feed reads what anyone may see of it.
 */

/**
 * The rounds that changed within an interval are read once (state, schedule, how many voted, and
 * the counts only when they are public) and sent to every follower of the rounds topic as the same
 * bytes. A burst of 6,000 votes is a few messages a second.
 */
export function roundsFeed(db: Db, hub: LiveHub, log: FastifyBaseLogger): CoalescingFeed {
  return new CoalescingFeed({
    intervalMs: () => hub.pace(ROUNDS_TOPIC, ROUNDS_FLUSH_INTERVAL_MS),
    // A new state goes out now, with whatever votes were waiting.
    changeOf: (data) => {
      const roundId = roundIdOf(data);
      return roundId ? { key: roundId, now: changeOf(data) !== 'votes' } : null;
    },
    log,
    failure: 'a round change could not be read for the live channel',
    send: async (ids) => {
      if (!hub.hasSubscribers(ROUNDS_TOPIC)) return;
      const events = await db.query<RoundLiveEvent>(
        `select r.round_id, r.state, ${iso('r.opens_at')} as opens_at, ${iso('r.closes_at')} as closes_at,
                (select count(distinct v.user_id)::int from round_votes v where v.round_id = r.round_id) as voter_count,
                case when ${COUNTS_PUBLIC} then coalesce((
                  select json_agg(json_build_object('mission_id', m.mission_id, 'vote_count',
                           (select count(*)::int from round_votes v where v.round_id = r.round_id and v.mission_id = m.mission_id)))
                    from missions m where ${IN_ROUND}), '[]'::json) end as counts
           from vote_rounds r where r.round_id = any($1::uuid[])`,
        [ids],
      );
      for (const event of events) hub.publish(ROUNDS_TOPIC, event);
    },
  });
}
