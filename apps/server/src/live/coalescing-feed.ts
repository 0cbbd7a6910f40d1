import type { FastifyBaseLogger } from 'fastify';
import type { LiveFeed } from './service.ts';

/** What one bus message of a feed's topic changed: the thing to read again (a round, a part), and whether it may not wait. */
export interface FeedChange {
  key: string;
  now: boolean;
}

interface CoalescingFeedOptions {
  /** How long changes gather before the one message about them goes out. */
  intervalMs: number;
  /** The change a bus message declares, or null for a message the feed does not read. */
  changeOf: (data: unknown) => FeedChange | null;
  /** Reads the changed things once and tells the hub. */
  send: (keys: string[]) => Promise<void>;
  log: FastifyBaseLogger;
  /** Logged when a send fails: screens read afresh when they regain focus or reconnect. */
  failure: string;
}

/**
 * The features' one way to turn a burst of changes into a few messages per instance: the things
 * that changed within an interval are read once each and sent as the same bytes to every
 * follower, so a thousand votes cost a message or two a second, not a thousand. A change that may
 * not wait (a round closing, a poll opening) goes out at once with whatever was waiting. One send
 * at a time, so a thing's messages go out in the order of its changes.
 */
export class CoalescingFeed implements LiveFeed {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

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
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.options.intervalMs);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    const keys = [...this.pending];
    this.pending.clear();
    if (keys.length === 0) return;
    this.sending = this.sending.then(() => this.options.send(keys)).catch((error: unknown) => this.options.log.warn({ err: error }, this.options.failure));
  }
}
