import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/AuthProvider';
import { Toaster } from '../components/ui/Toaster';
import { isOfflineError } from '../lib/rpcError';
import { isReachable, subscribeReachability } from '../lib/network';
import { backoffDelayMs, READ_RETRIES } from '../lib/networkPolicy';
import { lazyCode } from '../lib/lazyCode';
import { OptionalPart } from '../components/OptionalPart';

/**
 * The app's one retry policy for reads (docs/decisions/029-a-network-that-lies.md): a read that
 * failed is tried again at most READ_RETRIES times (once, after about a second: backoffDelayMs). One lost for want
 * of a network is not: the screen shows what it had (or says it cannot load) at once, and the read
 * runs again when the network layer's probe finds the server. Writes are never retried by themselves.
 */
function retryPolicy(failureCount: number, error: Error): boolean {
  return failureCount < READ_RETRIES && !isOfflineError(error);
}

// The service worker, the offline banner and the update prompt: loaded once the page has loaded,
// so they never delay the first screen (docs/decisions/009-sign-in-page-budget.md). Their words
// are in the app's part of the catalogue, which comes with them (the public screens lack it).
const OfflineSupport = lazyCode(() => import('./offline/OfflineSupport'));

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
  // TanStack Query follows the app's one network layer, not only the browser's online events: a
  // network that lies pauses reads like a real disconnection, and the probe's answer resumes them.
  onlineManager.setEventListener((setOnline) => {
    setOnline(isReachable());
    return subscribeReachability(() => setOnline(isReachable()));
  });
  return new QueryClient({
    defaultOptions: {
      // Offline, reads keep what they have and wait for the network (a read with nothing to show is
      // the offline state with "Try again": lib/offlineReads.ts, which the signed-in layout installs); actions run with 'always', so callRpc
      // refuses them at once with a clear message instead of a vote left paused, spinning, queued.
      queries: { staleTime: 30_000, retry: retryPolicy, retryDelay: (failureCount) => backoffDelayMs(failureCount - 1), refetchOnWindowFocus: false },
      mutations: { networkMode: 'always' },
    },
  });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <Toaster />
          <AfterLoad>
            <OptionalPart>
              <OfflineSupport />
            </OptionalPart>
          </AfterLoad>
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
