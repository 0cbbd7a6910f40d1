import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { CoalescingFeed } from './coalescing-feed.ts';

const INTERVAL_MS = 100;

/** A feed over messages `{ key, now }`, recording each send's keys and each logged failure. */
function recordingFeed(send: (keys: string[]) => Promise<void> = async () => undefined, intervalMs: (key: string) => number = () => INTERVAL_MS) {
  const sends: string[][] = [];
  const warnings: string[] = [];
  const log = { warn: (_context: unknown, message: string) => void warnings.push(message) } as unknown as FastifyBaseLogger;
  const feed = new CoalescingFeed({
    intervalMs,
    changeOf: (data) => {
      const change = data as { key?: unknown; now?: unknown };
      return typeof change.key === 'string' ? { key: change.key, now: change.now === true } : null;
    },
    send: async (keys) => {
      sends.push(keys);
      await send(keys);
    },
    log,
    failure: 'could not send',
  });
  return { feed, sends, warnings };
}

describe('a coalescing feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends a burst at once after a quiet spell, then gathers what follows until an interval after that send', async () => {
    const { feed, sends } = recordingFeed();
    for (let i = 0; i < 1_000; i += 1) feed.receive({ key: i % 2 === 0 ? 'a' : 'b' });
    feed.receive({ nothing: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toEqual([['a', 'b']]);
    await vi.advanceTimersByTimeAsync(10);
    for (let i = 0; i < 1_000; i += 1) feed.receive({ key: i % 2 === 0 ? 'c' : 'a' });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS - 11);
    expect(sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toEqual([
      ['a', 'b'],
      ['c', 'a'],
    ]);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL_MS);
    expect(sends).toHaveLength(2);
  });

  it('sends a change that may not wait at once, with what was waiting, and nothing more at the interval', async () => {
    const { feed, sends } = recordingFeed();
    feed.receive({ key: 'first' });
    await vi.advanceTimersByTimeAsync(0);
    sends.length = 0;
    feed.receive({ key: 'a' });
    feed.receive({ key: 'b', now: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toEqual([['a', 'b']]);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    expect(sends).toHaveLength(1);
  });

  it('waits as long as the changed thing’s pace asks: a topic with many followers gets fewer messages', async () => {
    const busy = 8 * INTERVAL_MS;
    const { feed, sends } = recordingFeed(undefined, (key) => (key === 'crowded' ? busy : INTERVAL_MS));
    feed.receive({ key: 'first' });
    await vi.advanceTimersByTimeAsync(0);
    sends.length = 0;
    feed.receive({ key: 'crowded' });
    await vi.advanceTimersByTimeAsync(busy - 1);
    expect(sends).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sends).toEqual([['crowded']]);
    feed.receive({ key: 'quiet' });
    await vi.advanceTimersByTimeAsync(INTERVAL_MS);
    expect(sends).toEqual([['crowded'], ['quiet']]);
  });

  it('sends one at a time, in the order of the changes', async () => {
    const order: string[] = [];
    const gate: { open?: () => void } = {};
    const first = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const { feed } = recordingFeed(async (keys) => {
      order.push(`start ${keys.join()}`);
      if (keys.includes('a')) await first;
      order.push(`end ${keys.join()}`);
    });
    feed.receive({ key: 'a', now: true });
    feed.receive({ key: 'b', now: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start a']);
    gate.open?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('logs a failed send and goes on with the next', async () => {
    const { feed, sends, warnings } = recordingFeed(async (keys) => {
      if (keys.includes('broken')) throw new Error('database gone');
    });
    feed.receive({ key: 'broken', now: true });
    await vi.advanceTimersByTimeAsync(0);
    feed.receive({ key: 'fine', now: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sends).toEqual([['broken'], ['fine']]);
    expect(warnings).toEqual(['could not send']);
  });

  it('sends nothing after it is closed', async () => {
    const { feed, sends } = recordingFeed();
    feed.receive({ key: 'first' });
    await vi.advanceTimersByTimeAsync(0);
    sends.length = 0;
    feed.receive({ key: 'a' });
    feed.close();
    await vi.advanceTimersByTimeAsync(2 * INTERVAL_MS);
    expect(sends).toEqual([]);
  });
});
