import { useSyncExternalStore } from 'react';
import { backoffDelayMs, REQUEST_TIMEOUT_MS } from './networkPolicy';
import { i18n } from '../i18n/i18n';

/**
 * The one place that decides whether the server can be reached (docs/decisions/029-a-network-that-lies.md).
 * `navigator.onLine` only says a network interface is up: venue Wi-Fi is often "connected" while
 * nothing gets through. So the app is offline when the browser says so, AND when a request through
 * `networkFetch` gets no answer in time or fails while the browser claims to be online. Then a probe
 * (`/healthz`, never cached) runs in the background with backoff, and the first answer brings the app
 * back without a reload. The data client, the programme's reads, the live channel, the query cache
 * and the offline banner all follow `isReachable()`.
 */

type Listener = () => void;

const PROBE_URL = '/healthz';

let lostAt: number | null = null;
let probeAttempt = 0;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probing = false;
const listeners = new Set<Listener>();

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** True when requests may be sent: the browser has a network and the last request got an answer. */
export function isReachable(): boolean {
  return browserOnline() && lostAt === null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeReachability(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For screens and the banner: re-renders when the app goes offline or comes back. */
export function useReachable(): boolean {
  return useSyncExternalStore(subscribeReachability, isReachable, () => true);
}

/** A request got an answer (any status: the server was reached). */
export function reportReachable(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  probeAttempt = 0;
  if (lostAt === null) return;
  lostAt = null;
  notify();
}

/** A request got no answer in time, or failed for want of a network: offline until a probe answers. */
export function reportUnreachable(): void {
  if (lostAt !== null) return;
  lostAt = Date.now();
  probeAttempt = 0;
  scheduleProbe();
  notify();
}

/**
 * The person asked to try again ("Try again" on a screen that could not load): while offline, ask
 * the server at once instead of waiting out the backoff, which can be half a minute by then. One
 * probe at a time, so pressing again does not pile up requests.
 */
export function checkNow(): void {
  if (lostAt === null || !browserOnline()) return;
  probeAttempt = 0;
  clearTimeout(probeTimer);
  void probe();
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  // The browser knows it is offline: its 'online' event starts probing again.
  if (!browserOnline()) return;
  probeTimer = setTimeout(() => void probe(), backoffDelayMs(probeAttempt));
  probeAttempt += 1;
}

async function probe(): Promise<void> {
  if (probing || lostAt === null) return;
  probing = true;
  try {
    await fetch(PROBE_URL, { cache: 'no-store', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    reportReachable();
  } catch {
    scheduleProbe();
  } finally {
    probing = false;
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', notify);
  window.addEventListener('online', () => {
    // The browser found a network again: ask at once whether it carries anything.
    if (lostAt !== null) {
      probeAttempt = 0;
      void probe();
    }
    notify();
  });
}

/**
 * The error a refused or lost request throws, like the browser's own for a failed fetch. Its
 * message is the person's to read (sign-in shows it as it is; procedures turn it into the offline
 * message, lib/rpcError.ts).
 */
export class NetworkUnavailableError extends TypeError {
  override readonly name = 'NetworkUnavailableError';
}

export const networkRefusedMessage = (): string => i18n._('network.refused');
export const networkLostMessage = (): string => i18n._('network.lost');

/**
 * `fetch` for everything that talks to the server (supabase-js's `global.fetch`, the programme):
 * refused at once while offline (nothing waits, nothing is queued), and abandoned when no answer
 * has started within REQUEST_TIMEOUT_MS, which takes the app offline. Once the answer has started
 * the body may take its time: a slow link is not a broken one. A call the caller cancelled itself
 * says nothing about the network.
 */
export async function networkFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  if (!isReachable()) throw new NetworkUnavailableError(networkRefusedMessage());
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('No answer in time', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const signal = init.signal ? eitherSignal(init.signal, timeout.signal) : timeout.signal;
  try {
    const response = await fetch(input, { ...init, signal });
    reportReachable();
    return response;
  } catch (error) {
    if (init.signal?.aborted) throw error;
    reportUnreachable();
    throw new NetworkUnavailableError(networkLostMessage());
  } finally {
    clearTimeout(timer);
  }
}

/** Aborts when either does (AbortSignal.any, or by hand where the browser lacks it: Safari before 17.4). */
function eitherSignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const both = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) both.abort(signal.reason);
    else signal.addEventListener('abort', () => both.abort(signal.reason), { once: true });
  }
  return both.signal;
}
