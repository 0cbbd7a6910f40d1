import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { publishRoundChange } from './live.ts';
import { advanceRounds } from './state.ts';

/** How often each instance applies the rounds' schedule when nobody is asking. */
export const ROUND_SCHEDULE_INTERVAL_MS = 1_000;

/**
 * Opens and closes scheduled rounds on time even when no request comes in, so the projector's
 * screen turns to "Voting closed" by itself. Every instance runs it; the database settles who
 * changes what (advanceRounds). Votes never depend on it: they check the clock themselves.
 */
export function startRoundSchedule(db: Db, log: FastifyBaseLogger): { close(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= advanceRounds(db)
      .then((changed) => {
        for (const roundId of changed) publishRoundChange(db, roundId);
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
      clearInterval(timer);
      await running;
    },
  };
}
