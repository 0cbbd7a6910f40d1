import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The one way a live message changes what the screens hold: `update` is applied to every cached
 * copy under `queryKey`, and applied again to each copy whose read was under way when the message
 * came. That read may have been answered before the change the message carries (a reconnection's
 * fresh read racing a poll's close, say); landing after the message, it would otherwise put the
 * older state back on the screen, where it would stay until the next message. Applying the
 * message once more keeps the newest state; a read answered after the change loses nothing, as a
 * message carries the state it describes, not a step from the one before.
 * (The missions' reads lay what was learnt since they started over their own answers instead
 * (lib/missionNews.ts), as theirs must also keep a person's own vote or follow answered meanwhile.)
 */
export function updateFromLive<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T) => T): void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey })) {
    if (query.state.data !== undefined) queryClient.setQueryData<T>(query.queryKey, (data) => (data === undefined ? data : update(data)));
    if (query.state.fetchStatus !== 'fetching') continue;
    const stopWatching = cache.subscribe((event) => {
      if (event.query !== query || event.type !== 'updated') return;
      // A read that lands is a success that is not manual (setQueryData's are).
      if (event.action.type === 'success' && !event.action.manual) {
        stopWatching();
        queryClient.setQueryData<T>(query.queryKey, (data) => (data === undefined ? data : update(data)));
      } else if (query.state.fetchStatus === 'idle') {
        // The read failed or was cancelled: whatever reads next starts after the message.
        stopWatching();
      }
    });
  }
}
