/**
 * The numbers of the app's one network policy (docs/decisions/029-a-network-that-lies.md), shared
 * by the page (lib/network.ts, the live channel, the reads' retries) and the service worker, so
 * they agree on when the network is "not answering". No DOM, no imports: the worker bundles it too.
 */

/** A request whose answer has not started within this is treated as lost: the app goes offline. */
export const REQUEST_TIMEOUT_MS = 8_000;

/** The service worker's navigation and programme strategies wait as long before the kept copy. */
export const NETWORK_TIMEOUT_SECONDS = REQUEST_TIMEOUT_MS / 1_000;

/** A failed read is tried again at most this many times (never for want of a network: the probe brings it back). */
export const READ_RETRIES = 1;

/**
 * Waits before attempt n (0-based) of anything that tries again (a read, the reachability probe,
 * the live channel's reconnection): 1, 2, 4, 8, 16, then 30 s, each ±25 % so a room full of phones
 * does not come back at the same instant.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}
