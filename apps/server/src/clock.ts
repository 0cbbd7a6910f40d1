/**
 * The time the server decides by where a test must be able to set it: which authenticator code is
 * current, which window a code's wrong attempts count in, and which announcements and session
 * reminders are due (the notification job). Production reads the system clock;
 * tests hand the composition root (app.ts) a clock they move on, instead of waiting for the next
 * 30-second code or the end of an hour. The database's own now() is not this clock.
 */
export interface Clock {
  /** Milliseconds since the epoch, as Date.now() gives them. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
