import type { Queryable } from '../db/db.ts';
import { AuthError } from '../http/errors.ts';

/** A fixed-window counter kept in the database, so every server instance sees the same counts. */
export interface Window {
  bucket: string;
  seconds: number;
  limit: number;
}

function windowStart(seconds: number, now: number): Date {
  return new Date(Math.floor(now / 1000 / seconds) * seconds * 1000);
}

export function secondsUntilWindowEnds(window: Window, now = Date.now()): number {
  return Math.max(1, Math.ceil((windowStart(window.seconds, now).getTime() + window.seconds * 1000 - now) / 1000));
}

/** The 429 a full window answers, in Supabase Auth's words, with Retry-After set to the window's end. */
export function tooManyRequests(window: Window, message: string, now = Date.now()): AuthError {
  return new AuthError(429, 'over_request_rate_limit', message, secondsUntilWindowEnds(window, now));
}

/** Counts one hit; returns true while the window's hits stay within its limit. */
export async function hit(db: Queryable, window: Window, subject: string, now = Date.now()): Promise<boolean> {
  const rows = await db.query<{ hits: number }>(
    `insert into rate_limits (bucket, subject, window_start, hits) values ($1, $2, $3, 1)
     on conflict (bucket, subject, window_start) do update set hits = rate_limits.hits + 1
     returning hits`,
    [window.bucket, subject, windowStart(window.seconds, now)],
  );
  return (rows[0]?.hits ?? 0) <= window.limit;
}

/** True when the window already holds its limit of hits (does not count a hit). */
export async function isExhausted(db: Queryable, window: Window, subject: string, now = Date.now()): Promise<boolean> {
  const rows = await db.query<{ hits: number }>('select hits from rate_limits where bucket = $1 and subject = $2 and window_start = $3', [
    window.bucket,
    subject,
    windowStart(window.seconds, now),
  ]);
  return (rows[0]?.hits ?? 0) >= window.limit;
}
