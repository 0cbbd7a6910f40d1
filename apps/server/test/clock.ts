import type { Clock } from '../src/clock.ts';

/**
 * A clock that stands still where a test puts it (at first, the moment it was made), for the
 * server's authenticator codes: a test moves it on by the seconds it needs instead of waiting.
 */
export class TestClock implements Clock {
  private current = Date.now();

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

/**
 * Runs the notification jobs' pass of each server given at `at`, all at once, then puts the clock
 * back where it was: authenticator codes, and the suites that run after, go by it.
 */
export async function runNotificationJobsAt(clock: TestClock, at: number, ...servers: { notifications: { run(): Promise<unknown> } }[]): Promise<void> {
  const moved = at - clock.now();
  clock.advance(moved);
  try {
    await Promise.all(servers.map((server) => server.notifications.run()));
  } finally {
    clock.advance(-moved);
  }
}
