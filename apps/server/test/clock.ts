import { daysAfter, venueInstant, type ProgrammeResponse } from '@mc/contract';
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

/** The moment check-in day `day` begins at the venue: midnight `day` days after the programme's last day, as the server publishes it. */
export async function checkinDayStart(server: { url: string }, day: number): Promise<number> {
  const { programme } = (await (await fetch(`${server.url}/content/v1/programme`)).json()) as ProgrammeResponse;
  return venueInstant(daysAfter(programme.settings.endDate, day), '00:00', programme.settings.timeZone).getTime();
}
