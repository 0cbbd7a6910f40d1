import { withMessages } from '../../i18n/i18n';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { dehydrate, hydrate, useQueryClient, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { Workbox } from 'workbox-window';
import { WifiOff } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { useAuth } from '../../lib/auth';
import { isReachable, subscribeReachability, useReachable } from '../../lib/network';
import { formatDateTime, formatTime } from '../../lib/format';
import { InstallPrompt } from './InstallPrompt';

/**
 * Everything that keeps the app useful on bad Wi-Fi, loaded after the first screen so none of it
 * weighs on /signin (docs/decisions/018-offline-and-service-worker.md):
 * - registers the service worker, and offers "Reload to update" when a new version is waiting;
 * - keeps the signed-in person's last answers (their mission, profile, agenda stars, the lists
 *   they opened) on this device, so a reload without a network shows what they saw;
 * - says so while offline: "You are offline: showing what you saw at {time}", offline meaning what
 *   lib/network.ts decides (no network, or a network that does not answer).
 */
// The card's words are in the app's part of the catalogue, loaded with it (the banner's are in the first download).
const UpdatePromptCard = lazy(withMessages(['app'], () => import('./PromptCards').then((module) => ({ default: module.UpdatePromptCard }))));

export default function OfflineSupport() {
  const { _ } = useLingui();
  const online = useReachable();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const lastSeen = usePersistedQueries(queryClient, user?.id ?? null);
  const update = useServiceWorkerUpdate();

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[70] flex flex-col items-center gap-2 p-3">
      {!online && (
        <div
          role="status"
          data-testid="offline-banner"
          className="pointer-events-auto flex max-w-xl items-start gap-2 rounded-xl border border-amber-300/50 bg-slate-900 px-4 py-3 text-sm text-amber-100 shadow-2xl shadow-black/60"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{lastSeen ? _('offline.banner.seen', { time: formatSeen(lastSeen) }) : _('offline.banner.plain')}</p>
        </div>
      )}
      {update.waiting ? null : <InstallPrompt />}
      {update.waiting && (
        <Suspense fallback={null}>
          <UpdatePromptCard onLater={update.dismiss} onReload={update.accept} />
        </Suspense>
      )}
    </div>
  );
}

/** The time alone when it was today, else the date and time, in the app's one format. */
function formatSeen(at: number): string {
  const date = new Date(at);
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDateTime(date);
}

const CACHE_PREFIX = 'offline_cache:';
const SAVE_DELAY_MS = 1_000;
const MAX_KEPT_QUERIES = 100;

interface StoredCache {
  savedAt: number;
  state: DehydratedState;
}

/**
 * The person's successful answers, kept in localStorage under their own id and removed when they
 * sign out, so the next person on a shared device never sees them. Answers the time the newest
 * kept answer arrived from the server (for the offline banner).
 */
function usePersistedQueries(queryClient: QueryClient, userId: string | null): number | null {
  const [lastSeen, setLastSeen] = useState<number | null>(null);
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
      const queries = stored.state.queries.map((query) => ({ ...query, state: { ...query.state, isInvalidated: true } }));
      hydrate(queryClient, { ...stored.state, queries });
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

  return lastSeen;
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

/**
 * Registers /sw.js (built by vite-plugin-pwa) in production builds. A new version waits until the
 * person chooses "Reload to update": the waiting worker is told to take over, and the page reloads
 * once it controls it, so old and new code never mix on one page.
 */
function useServiceWorkerUpdate() {
  const [workbox, setWorkbox] = useState<Workbox | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox('/sw.js', { scope: '/' });
    wb.addEventListener('waiting', () => setWaiting(true));
    void wb.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
    setWorkbox(wb);
    // Look for a new version now and then while the app stays open (a long conference day).
    const timer = setInterval(() => void wb.update().catch(() => undefined), 30 * 60_000);
    return () => clearInterval(timer);
  }, []);

  return {
    waiting,
    dismiss: () => setWaiting(false),
    accept: () => {
      if (!workbox) return;
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    },
  };
}
