// A part's polls on the live channel: what anyone may see of them, coalesced per instance.
import type { FastifyBaseLogger } from 'fastify';
import { POLLS_TOPIC, type PollsLiveEvent, type PublicPoll } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import type { LiveHub } from '../../live/hub.ts';
import { publicPolls } from './queries.ts';

/**
 * How long answers gather before the one message about their part goes out: at most about three
 * messages a second per part, whatever the room does, and a poll opened or closed goes out at once.
 */
export const POLLS_FLUSH_INTERVAL_MS = 300;

function partOf(data: unknown): { partId: string; state: boolean } | null {
  if (typeof data !== 'object' || data === null || !('part_id' in data) || typeof data.part_id !== 'string') return null;
  return { partId: data.part_id, state: 'change' in data && data.change === 'state' };
}

/**
 * A part's change is declared by the change itself (tx.effects.pollChanged, kernel/effects.ts) and
 * reaches the bus after its commit: the part's id only. Each instance reads the changed parts'
 * polls once per interval, with counts only where they are not hidden, and sends each part's to
 * every follower of the polls topic as the same bytes.
 */
export class PollsFeed {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** One read at a time, so a part's messages go out in the order of its changes. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  receive(data: unknown): void {
    const change = partOf(data);
    if (!change) return;
    this.pending.add(change.partId);
    if (change.state) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, POLLS_FLUSH_INTERVAL_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private flush(): void {
    this.flushing = this.flushing.then(() => this.send());
  }

  private async send(): Promise<void> {
    const ids = [...this.pending];
    this.pending.clear();
    if (ids.length === 0 || !this.hub.hasSubscribers(POLLS_TOPIC)) return;
    try {
      const polls = await publicPolls(this.db, ids);
      const byPart = new Map<string, PublicPoll[]>(ids.map((id) => [id, []]));
      for (const poll of polls) byPart.get(poll.part_id)?.push(poll);
      for (const [partId, list] of byPart) this.hub.publish(POLLS_TOPIC, { part_id: partId, polls: list } satisfies PollsLiveEvent);
    } catch (error) {
      // Screens read the part's polls again when they regain focus or reconnect.
      this.log.warn({ err: error }, 'a part’s polls could not be read for the live channel');
    }
  }
}
