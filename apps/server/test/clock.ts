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
