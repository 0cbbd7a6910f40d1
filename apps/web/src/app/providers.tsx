import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/AuthProvider';
import { Toaster } from '../components/ui/Toaster';
import { OFFLINE_CODE, RpcError } from '../lib/rpcError';

/** One retry for a failed read, none when the browser is offline (it would fail the same way). */
function retryUnlessOffline(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !(error instanceof RpcError && error.code === OFFLINE_CODE);
}

// The service worker, the offline banner and the update prompt: loaded once the page has loaded,
// so they never delay the first screen (docs/decisions/009-sign-in-page-budget.md).
const OfflineSupport = lazy(() => import('./offline/OfflineSupport'));

function AfterLoad({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded ? children : null;
}

function makeQueryClient() {
  // TanStack Query assumes it is online until an 'offline' event; a page opened without a network
  // must know from the start, so its reads wait instead of failing.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      // Offline, reads keep what they have and wait for the network (the offline support turns a
      // read with nothing to show into the offline message); actions run with 'always', so callRpc
      // refuses them at once with a clear message instead of a vote left paused, spinning, queued.
      queries: { staleTime: 30_000, retry: retryUnlessOffline, refetchOnWindowFocus: false },
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster />
        <AfterLoad>
          <Suspense fallback={null}>
            <OfflineSupport />
          </Suspense>
        </AfterLoad>
      </AuthProvider>
    </QueryClientProvider>
  );
}
