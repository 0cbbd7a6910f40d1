import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { advanceRoundsTimed } from './state.ts';

/** How often each instance applies the rounds' schedule when nobody is asking. */
export const ROUND_SCHEDULE_INTERVAL_MS = 1_000;

/**
 * Opens and closes scheduled rounds on time even when no request comes in, so the projector's
 * screen turns to "Voting closed" by itself. Every instance runs it every second, and at the very
 * moment of an opening or closing due within that second; the database settles who changes what
 * (advanceRounds). Votes never depend on it: they check the clock themselves.
 */
export function startRoundSchedule(db: Db, log: FastifyBaseLogger): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  let onTime: NodeJS.Timeout | undefined;
  let closed = false;
  const tick = () => {
    running ??= advanceRoundsTimed(db)
      .then(({ nextInMs }) => {
        // What the schedule changed was published after its commit (advanceRoundsTimed declares it).
        if (nextInMs !== null && nextInMs < ROUND_SCHEDULE_INTERVAL_MS && !closed) {
          clearTimeout(onTime);
          // A few milliseconds late, so the database's clock has certainly passed the moment.
          onTime = setTimeout(tick, Math.max(0, nextInMs) + 5);
          onTime.unref();
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not apply the voting rounds’ schedule'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, ROUND_SCHEDULE_INTERVAL_MS);
  timer.unref();
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(onTime);
      await running;
    },
  };
}
