import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dehydrate, hydrate, useQueryClient, type DehydratedState } from '@tanstack/react-query';
import { isReachable, subscribeReachability } from '../../lib/network';
import { formatDateTime, formatTime } from '../../lib/format';

const CACHE_PREFIX = 'offline_cache:';
const SAVE_DELAY_MS = 1_000;
const MAX_KEPT_QUERIES = 100;

interface StoredCache {
  savedAt: number;
  state: DehydratedState;
}

/**
 * The person's successful answers, kept in localStorage under their own id and removed when they
 * sign out, so the next person on a shared device never sees them. Tells when the newest kept
 * answer arrived from the server, as the offline banner writes it (again when the language changes).
 */
export default function KeptAnswers({ userId, onLastSeen }: { userId: string | null; onLastSeen: (at: string | null) => void }) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const [lastSeen, setLastSeen] = useState<number | null>(null);
  useEffect(() => onLastSeen(lastSeen === null ? null : formatSeen(lastSeen)), [lastSeen, onLastSeen, i18n.locale]);
  const previousUser = useRef<string | null>(null);

  useEffect(() => {
    if (previousUser.current && previousUser.current !== userId) removeStored(previousUser.current);
    previousUser.current = userId;
    if (!userId) return;
    const key = CACHE_PREFIX + userId;
    const newest = () =>
      Math.max(
        0,
        ...queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.dataUpdatedAt),
      );
    // Only without a network (or one that does not answer): online, the screens' own fresh answers
    // are what they show. What is restored is marked stale, so the first chance to reach the server
    // replaces it.
    const restore = () => {
      const stored = readStored(key);
      if (!stored) return;
      const cache = queryClient.getQueryCache();
      const fresh: DehydratedState['queries'] = [];
      for (const kept of stored.state.queries) {
        const waiting = cache.get(kept.queryHash);
        if (waiting && waiting.state.data === undefined) {
          // A read already waiting for the network takes the kept answer as if it had arrived: a
          // raw restore under a read in flight would be undone when that read is cancelled (a
          // star's optimistic change cancels it), leaving the screen with nothing again.
          queryClient.setQueryData(waiting.queryKey, kept.state.data, { updatedAt: kept.state.dataUpdatedAt });
          void queryClient.invalidateQueries({ queryKey: waiting.queryKey, exact: true, refetchType: 'none' });
        } else {
          fresh.push({ ...kept, state: { ...kept.state, isInvalidated: true } });
        }
      }
      hydrate(queryClient, { ...stored.state, queries: fresh });
      setLastSeen(newest() || null);
    };
    if (!isReachable()) restore();
    const unsubscribeNetwork = subscribeReachability(() => {
      if (!isReachable()) restore();
    });

    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      timer = undefined;
      const current = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.state.data !== undefined });
      // Merged with what earlier pages kept (each full page load starts with an empty cache): the
      // newer answer of each query wins, and only the most recent ones are kept.
      const byHash = new Map((readStored(key)?.state.queries ?? []).map((query) => [query.queryHash, query]));
      for (const query of current.queries) {
        const kept = byHash.get(query.queryHash);
        if (!kept || kept.state.dataUpdatedAt <= query.state.dataUpdatedAt) byHash.set(query.queryHash, query);
      }
      const queries = [...byHash.values()].sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, MAX_KEPT_QUERIES);
      const state: DehydratedState = { mutations: [], queries };
      try {
        window.localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), state } satisfies StoredCache));
      } catch (error) {
        console.warn('Could not keep the answers for offline use', error);
      }
      setLastSeen(newest() || null);
    };
    setLastSeen(newest() || null);
    const scheduleSave = () => {
      if (!timer) timer = setTimeout(save, SAVE_DELAY_MS);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') scheduleSave();
    });
    // This loads after the first screen, so that screen's answers may have arrived already; online,
    // they are kept too (offline, what is in the cache was just restored from the kept copy).
    const answeredAlready = queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'success');
    if (isReachable() && answeredAlready) scheduleSave();
    // Leaving or reloading the page writes what is pending, so the copy is never behind the screen.
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      save();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      unsubscribe();
      unsubscribeNetwork();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [queryClient, userId]);

  return null;
}

/** The time alone when it was today, else the date and time, in the app's one format. */
function formatSeen(at: number): string {
  const date = new Date(at);
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDateTime(date);
}

function readStored(key: string): StoredCache | null {
  try {
    const text = window.localStorage.getItem(key);
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' && 'state' in parsed ? (parsed as StoredCache) : null;
  } catch {
    return null;
  }
}

function removeStored(userId: string): void {
  try {
    window.localStorage.removeItem(CACHE_PREFIX + userId);
  } catch {
    // nothing kept, nothing to remove
  }
}
