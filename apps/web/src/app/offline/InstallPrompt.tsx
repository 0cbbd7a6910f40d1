import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/** Chromium's install event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

/** Screens that are forms: the offer never covers someone filling one in. */
const FORM_PATHS = [
  paths.signIn(),
  paths.signUp(),
  paths.resetPassword(),
  paths.roleProfile(),
  paths.createMission(),
  paths.preConference(),
  paths.postConference(),
];

function isIos(): boolean {
  // iPadOS presents itself as a Mac with a touch screen.
  return /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * Offers to install the app (docs/product.md#offline-and-updates) at a sensible moment: only after
 * the person's first useful action (a vote, a star, a saved profile: any write that succeeded),
 * never on a form screen, and once: "Not now" is remembered on this device. Where the browser
 * offers installation (Chromium's beforeinstallprompt) the button asks it; on iOS, where
 * installation is manual, the card explains how.
 */
export function InstallPrompt() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const [usefulActionDone, setUsefulActionDone] = useState(false);
  const [dismissed, setDismissed] = useState(() => readStored(STORAGE_KEYS.installOfferDismissed) === 'true');

  useEffect(() => {
    const keep = (event: Event) => {
      // Keep the browser's own banner away: the app offers it when it suits the person.
      event.preventDefault();
      setOffer(event as BeforeInstallPromptEvent);
    };
    const installed = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', keep);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', keep);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') setUsefulActionDone(true);
      }),
    [queryClient],
  );

  const ios = !offer && isIos();
  const onForm = FORM_PATHS.includes(pathname);
  if (dismissed || !usefulActionDone || onForm || (!offer && !ios) || isInstalled()) return null;

  const dismiss = () => {
    writeStored(STORAGE_KEYS.installOfferDismissed, 'true');
    setDismissed(true);
  };
  const install = async () => {
    if (!offer) return;
    await offer.prompt().catch(() => undefined);
    setOffer(null);
    dismiss();
  };

  return (
    <section
      aria-label="Install the app"
      data-testid="install-prompt"
      className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-3 rounded-xl border border-sky-300/50 bg-slate-900 px-4 py-3 text-sm text-slate-100 shadow-2xl shadow-black/60"
    >
      <p className="flex-1">
        {ios
          ? `Keep ${appConfig.productName} on your home screen: tap Share, then "Add to Home Screen". It opens like an app, offline too.`
          : `Install ${appConfig.productName} on this device: it opens like an app, on your dashboard, offline too.`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={dismiss}
          className="min-h-9 rounded-lg px-3 font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
        >
          {ios ? 'Got it' : 'Not now'}
        </button>
        {ios ? null : (
          <button
            type="button"
            onClick={() => void install()}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-sky-400 px-3 font-semibold text-slate-950 hover:bg-sky-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-300"
          >
            <Download aria-hidden="true" className="size-4" />
            Install
          </button>
        )}
      </div>
    </section>
  );
}
