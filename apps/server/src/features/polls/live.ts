// A part's polls on the live channel: what anyone may see of them, coalesced per instance.
import type { FastifyBaseLogger } from 'fastify';
import { POLLS_TOPIC, type PollsLiveEvent, type PublicPoll } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { CoalescingFeed, type FeedChange } from '../../live/coalescing-feed.ts';
import { publicPolls } from './queries.ts';

/**
 * How long answers gather before the one message about their part goes out: at most about three
 * messages a second per part, whatever the room does, and a poll opened or closed goes out at once.
 */
export const POLLS_FLUSH_INTERVAL_MS = 300;

function changeOf(data: unknown): FeedChange | null {
  if (typeof data !== 'object' || data === null || !('part_id' in data) || typeof data.part_id !== 'string') return null;
  return { key: data.part_id, now: 'change' in data && data.change === 'state' };
}

/**
 * A part's change is declared by the change itself (tx.effects.pollChanged, kernel/effects.ts) and
 * reaches the bus after its commit: the part's id only. Each instance reads the changed parts'
 * polls once per interval, with counts only where they are not hidden, and sends each part's to
 * every follower of the polls topic as the same bytes.
 */
export function pollsFeed(db: Db, hub: LiveHub, log: FastifyBaseLogger): CoalescingFeed {
  return new CoalescingFeed({
    intervalMs: () => hub.pace(POLLS_TOPIC, POLLS_FLUSH_INTERVAL_MS),
    changeOf,
    log,
    failure: 'a part’s polls could not be read for the live channel',
    send: async (partIds) => {
      if (!hub.hasSubscribers(POLLS_TOPIC)) return;
      const polls = await publicPolls(db, partIds);
      const byPart = new Map<string, PublicPoll[]>(partIds.map((id) => [id, []]));
      for (const poll of polls) byPart.get(poll.part_id)?.push(poll);
      for (const [partId, list] of byPart) hub.publish(POLLS_TOPIC, { part_id: partId, polls: list } satisfies PollsLiveEvent);
    },
  });
}
