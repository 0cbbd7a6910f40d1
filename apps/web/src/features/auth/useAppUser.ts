import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppUser } from '@mc/contract';
import { appUserQuery } from '../../lib/queries';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The signed-in person's app-user row, loaded once the session may ask for it (not while a second
 * factor is owed) and again whenever someone invalidates it.
 */
export function useAppUser(queryClient: QueryClient, userId: string | null, secondFactorOwed: boolean) {
  // The app-user row lives in the query cache under queryKeys.appUser, so any screen can refresh it
  // with invalidateQueries. It is read from the cache directly rather than through useQuery: that
  // keeps the query observer's code out of the JavaScript every first visit (/signin) downloads.
  const subscribeToCache = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const appUserState = useSyncExternalStore(subscribeToCache, () =>
    userId ? queryClient.getQueryState<AppUser | null>(queryKeys.appUser(userId)) : undefined,
  );

  useEffect(() => {
    // Until the code is entered the server answers no procedure, so nothing is asked yet.
    if (!userId || secondFactorOwed) return;
    const load = () => void queryClient.prefetchQuery({ ...appUserQuery(userId), gcTime: Infinity });
    load();
    const keyText = JSON.stringify(queryKeys.appUser(userId));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && JSON.stringify(event.query.queryKey) === keyText) load();
    });
  }, [queryClient, userId, secondFactorOwed]);

  const refreshAppUser = useCallback(async () => {
    if (!userId) return null;
    return queryClient.fetchQuery({ ...appUserQuery(userId), staleTime: 0, gcTime: Infinity });
  }, [queryClient, userId]);

  return { appUserState, refreshAppUser };
}
