import type { Query, QueryClient } from '@tanstack/react-query';
import { isNetworkError, offlineMessage } from './rpcError';

/**
 * The one rule for every read that has nothing to show yet (docs/decisions/029-a-network-that-lies.md,
 * docs/product.md#offline-and-updates): once the network policy has given up on it (no answer within
 * its time limit, or no network at all), the screen shows the offline state with "Try again", and
 * keeps showing it until an answer arrives. Installed on the app's query client, so no screen has a
 * rule of its own; the signed-in layout installs it, so /signin's first download does not carry it.
 *
 * TanStack Query alone does two things a person reads as "still loading": offline it pauses such a
 * read (an endless spinner), and each new attempt (the reachability probe found the server, or
 * "Try again") puts a read that has no data back to "pending", so on Wi-Fi that answers the probe
 * but not the calls the screen spins again for the whole time limit, over and over.
 */
const installedOn = new WeakSet<QueryClient>();

export function keepReadsOfflineUntilAnswered(queryClient: QueryClient): void {
  // Installed by the signed-in layout (app/layout/AppLayout.tsx), once per client however often it mounts.
  if (installedOn.has(queryClient)) return;
  installedOn.add(queryClient);
  const cache = queryClient.getQueryCache();
  /** The reads that last failed for want of a network, with the error they showed. */
  const lostReads = new WeakMap<Query, Error>();
  // Reads the network lost before the rule was installed count as lost too.
  for (const query of cache.getAll()) {
    const { error, data } = query.state;
    if (data === undefined && error && isNetworkError(error)) lostReads.set(query, error);
  }

  const showOffline = (query: Query, error: Error, fetchStatus = query.state.fetchStatus) => {
    query.setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus });
  };

  const settlePaused = () => {
    for (const query of cache.getAll()) {
      if (query.state.status === 'pending' && query.state.fetchStatus === 'paused' && query.state.data === undefined) {
        const error = Object.assign(new Error(offlineMessage()), { name: 'OfflineError' });
        lostReads.set(query, error);
        // Ended as failed; the read runs again when the network is back, like any other failed read.
        showOffline(query, error, 'idle');
      }
    }
  };

  settlePaused();
  cache.subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query, action } = event;
    if (action.type === 'error') {
      if (isNetworkError(action.error)) lostReads.set(query, action.error);
      else lostReads.delete(query);
    } else if (action.type === 'success') {
      lostReads.delete(query);
    } else if (action.type === 'fetch' && query.state.data === undefined) {
      // A new attempt at a read the network lost: the offline state stays (its "Try again" shows
      // the attempt), rather than a spinner that lasts the whole time limit again.
      const lost = lostReads.get(query);
      if (lost) showOffline(query, lost);
    }
    if (query.state.fetchStatus === 'paused') settlePaused();
  });
}
