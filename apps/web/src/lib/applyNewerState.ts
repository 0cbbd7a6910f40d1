import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The one way a state newer than the screens' reads (a live message, or the answer to the person's
 * own action) goes into the cache: `update` is applied to every cached copy under `queryKey`, and
 * applied again to each copy whose read was under way at that moment. Such a read may have been
 * answered before the change (a reconnection's fresh read racing a poll's close, or the person's
 * own answer); landing afterwards, it would otherwise put the older state back on the screen, where
 * it would stay until the next message: a closed poll shown open, or the person's answer gone.
 * Applying the newer state once more keeps it; a read answered after the change loses nothing
 * lasting, as each message or answer carries the state it describes, not a step from the one
 * before, and whatever changed since comes as a later message.
 * (The missions' reads lay what was learnt since they started over their own answers instead
 * (lib/missionNews.ts), as theirs must also keep a person's own vote or follow answered meanwhile.)
 */
export function applyNewerState<T>(queryClient: QueryClient, queryKey: QueryKey, update: (data: T, key: QueryKey) => T): void {
  const cache = queryClient.getQueryCache();
  const apply = (key: QueryKey) => queryClient.setQueryData<T>(key, (data) => (data === undefined ? data : update(data, key)));
  for (const query of cache.findAll({ queryKey })) {
    if (query.state.data !== undefined) apply(query.queryKey);
    if (query.state.fetchStatus !== 'fetching') continue;
    const stopWatching = cache.subscribe((event) => {
      if (event.query !== query || event.type !== 'updated') return;
      // A read that lands is a success that is not manual (setQueryData's are).
      if (event.action.type === 'success' && !event.action.manual) {
        stopWatching();
        apply(query.queryKey);
      } else if (query.state.fetchStatus === 'idle') {
        // The read failed or was cancelled: whatever reads next starts after the change.
        stopWatching();
      }
    });
  }
}
