import { i18n, withMessages } from '../../i18n/i18n';
import { useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';
import { WifiOff } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { LANGUAGE_CACHE, LANGUAGE_KEY, type LanguageMessage } from '../../lib/workerLanguage';
import { InstallPrompt } from './InstallPrompt';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

/**
 * Everything that keeps the app useful on bad Wi-Fi, loaded after the first screen so none of it
 * weighs on /signin (docs/decisions/018-offline-and-service-worker.md):
 * - registers the service worker, and offers "Reload to update" when a new version is waiting;
 * - tells it the person's language, whose words it keeps ahead of use (and no other's);
 * - keeps the signed-in person's last answers (their mission, profile, agenda stars, the lists
 *   they opened) on this device, so a reload without a network shows what they saw;
 * - says so while offline: "You are offline: showing what you saw at {time}", offline meaning what
 *   lib/network.ts decides (no network, or a network that does not answer).
 */
// The card's words are in the app's part of the catalogue, loaded with it (the banner's are in the first download).
const UpdatePromptCard = lazyCode(withMessages(['app'], () => import('./PromptCards').then((module) => ({ default: module.UpdatePromptCard }))));
// The signed-in person's kept answers: loaded once someone signs in, so the public screens never fetch it.
const KeptAnswers = lazyCode(() => import('./KeptAnswers'));

export default function OfflineSupport() {
  const { _ } = useLingui();
  const online = useReachable();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [lastSeen, setLastSeen] = useState<string | null>(null);
  // Once loaded it stays, so signing out removes what the person kept (KeptAnswers).
  const [keeping, setKeeping] = useState(userId !== null);
  if (userId !== null && !keeping) setKeeping(true);
  const update = useServiceWorkerUpdate();

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[70] flex flex-col items-center gap-2 p-3">
      {keeping && (
        <OptionalPart>
          <KeptAnswers userId={userId} onLastSeen={setLastSeen} />
        </OptionalPart>
      )}
      {!online && (
        <div
          role="status"
          data-testid="offline-banner"
          className="pointer-events-auto flex max-w-xl items-start gap-2 rounded-xl border border-amber-300/50 bg-slate-900 px-4 py-3 text-sm text-amber-100 shadow-2xl shadow-black/60"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>{lastSeen ? _('offline.banner.seen', { time: lastSeen }) : _('offline.banner.plain')}</p>
        </div>
      )}
      {update.waiting ? null : <InstallPrompt />}
      {update.waiting && (
        <OptionalPart>
          <UpdatePromptCard onLater={update.dismiss} onReload={update.accept} />
        </OptionalPart>
      )}
    </div>
  );
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
    // The worker learns the language before it installs, and again when it changes.
    const tell = () => tellWorkerLanguage(i18n.locale).catch(() => undefined);
    wb.addEventListener('activated', () => void tell());
    const stopTelling = i18n.on('change', () => void tell());
    void tell()
      .then(() => wb.register())
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
    setWorkbox(wb);
    // Look for a new version now and then while the app stays open (a long conference day).
    const timer = setInterval(() => void wb.update().catch(() => undefined), 30 * 60_000);
    return () => {
      clearInterval(timer);
      stopTelling();
    };
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

/**
 * Tells the service worker the interface's language (lib/workerLanguage.ts): written where its
 * next install reads it, and sent to the worker in charge, which keeps that language's words now.
 */
async function tellWorkerLanguage(language: string): Promise<void> {
  await (await caches.open(LANGUAGE_CACHE)).put(LANGUAGE_KEY, new Response(language));
  const registration = await navigator.serviceWorker.getRegistration();
  registration?.active?.postMessage({ type: 'LANGUAGE', language } satisfies LanguageMessage);
}
