import type { FastifyBaseLogger } from 'fastify';
import type { LiveFeed } from './service.ts';

/** What one bus message of a feed's topic changed: the thing to read again (a round, a part), and whether it may not wait. */
export interface FeedChange {
  key: string;
  now: boolean;
}

interface CoalescingFeedOptions {
  /**
   * The least time between two sends, for a change of `key`: a change waits for it only while the
   * last send is more recent. Feeds answer their topic's pace (LiveHub.pace), which stretches their
   * own interval when the topic has so many followers that sending would take the votes' time.
   */
  intervalMs: (key: string) => number;
  /** The change a bus message declares, or null for a message the feed does not read. */
  changeOf: (data: unknown) => FeedChange | null;
  /** Reads the changed things once and tells the hub. */
  send: (keys: string[]) => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged when a send fails: screens read afresh when they regain focus or reconnect. */
  failure: string;
}

/**
 * The features' one way to turn a burst of changes into a few messages per instance: at most one
 * send an interval, counted from the start of the last one, reads the things that changed since
 * once each and sends them as the same bytes to every follower, so a thousand votes cost a message
 * or two a second, not a thousand, while a change after a quiet spell goes out at once. A change
 * that may not wait (a round closing, a poll opening) goes out at once with whatever was waiting.
 * One send at a time, so a thing's messages go out in the order of its changes.
 */
export class CoalescingFeed implements LiveFeed {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  /** When the last send began (Date.now()). */
  private lastSend = 0;

  constructor(private readonly options: CoalescingFeedOptions) {}

  receive(data: unknown): void {
    const change = this.options.changeOf(data);
    if (!change) return;
    this.pending.add(change.key);
    if (change.now) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
      return;
    }
    this.timer ??= setTimeout(
      () => {
        this.timer = undefined;
        this.flush();
      },
      Math.max(0, this.lastSend + this.options.intervalMs(change.key) - Date.now()),
    );
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    const keys = [...this.pending];
    this.pending.clear();
    if (keys.length === 0) return;
    this.sending = this.sending
      .then(() => {
        this.lastSend = Date.now();
        return this.options.send(keys);
      })
      .catch((error: unknown) => this.options.log.warn({ err: error }, this.options.failure));
  }
}
