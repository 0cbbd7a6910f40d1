// A part's questions on the live channel: what anyone may see of them, coalesced per part.
import type { FastifyBaseLogger } from 'fastify';
import { questionsTopic } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { publicQuestions } from './questions.ts';

/**
 * The least time between two passes of the feed: at most two messages a second per screen however
 * many people vote, and a hidden question leaves every screen well within two seconds.
 */
export const QUESTIONS_FLUSH_INTERVAL_MS = 500;

/** The part's id from a bus message of the questions topic (kernel/effects.ts), or null. */
function partIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const partId = (data as { part_id?: unknown }).part_id;
  return typeof partId === 'string' ? partId : null;
}

/**
 * Coalesces question changes per instance: the parts that changed within an interval are read
 * once each (the visible questions with their counts, names as people_shown has them) and sent to
 * the followers of `questions:<part>` as the same bytes. Nothing personal travels: each screen
 * keeps its own marks (asked, upvoted) from its last read.
 */
export class QuestionsFeed {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** When the last pass began: the next one begins an interval after it, or at once when that is past. */
  private lastPass = 0;

  receive(data: unknown): void {
    const partId = partIdOf(data);
    if (!partId) return;
    this.pending.add(partId);
    // At most one pass an interval, counted from the start of the last one (not from this change):
    // a part that was quiet is sent at once, and a busy one every interval while its reads keep up.
    this.timer ??= setTimeout(
      () => {
        this.timer = undefined;
        this.flushing = this.flushing.then(() => {
          this.lastPass = Date.now();
          return this.send();
        });
      },
      Math.max(0, this.lastPass + QUESTIONS_FLUSH_INTERVAL_MS - Date.now()),
    );
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async send(): Promise<void> {
    const parts = [...this.pending];
    this.pending.clear();
    for (const partId of parts) {
      const topic = questionsTopic(partId);
      if (!this.hub.hasSubscribers(topic)) continue;
      try {
        const event = await publicQuestions(this.db, partId);
        if (event) this.hub.publish(topic, event);
      } catch (error) {
        // Screens read the part again when they regain focus or reconnect.
        this.log.warn({ err: error }, 'a part’s questions could not be read for the live channel');
      }
    }
  }
}
