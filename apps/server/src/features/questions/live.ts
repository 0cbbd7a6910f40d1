// A part's questions on the live channel: what anyone may see of them, coalesced per part.
import type { FastifyBaseLogger } from 'fastify';
import { questionsTopic } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { CoalescingFeed, type FeedChange } from '../../live/coalescing-feed.ts';
import { publicQuestions } from './questions.ts';

/**
 * The least time between two messages about a part's questions: at most two a
 * second per screen however many people vote, and a hidden question leaves every screen well
 * within two seconds.
 */
export const QUESTIONS_FLUSH_INTERVAL_MS = 500;

/** The part a bus message of the questions topic (kernel/effects.ts) is about, or null. */
function changeOf(data: unknown): FeedChange | null {
  if (typeof data !== 'object' || data === null) return null;
  const partId = (data as { part_id?: unknown }).part_id;
  return typeof partId === 'string' ? { key: partId, now: false } : null;
}

/**
 * The parts whose questions changed within an interval are read once each (the visible questions
 * with their counts, names as people_shown has them) and sent to the followers of
 * `questions:<part>` as the same bytes. Nothing personal travels: each screen keeps its own marks
 * (asked, upvoted) from its last read.
 */
export function questionsFeed(db: Db, hub: LiveHub, log: FastifyBaseLogger): CoalescingFeed {
  return new CoalescingFeed({
    intervalMs: (partId) => hub.pace(questionsTopic(partId), QUESTIONS_FLUSH_INTERVAL_MS),
    changeOf,
    log,
    failure: 'a part’s questions could not be read for the live channel',
    send: async (partIds) => {
      for (const partId of partIds) {
        const topic = questionsTopic(partId);
        if (!hub.hasSubscribers(topic)) continue;
        const event = await publicQuestions(db, partId);
        if (event) hub.publish(topic, event);
      }
    },
  });
}
