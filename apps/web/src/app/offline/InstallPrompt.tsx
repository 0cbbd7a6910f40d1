import { withMessages } from '../../i18n/i18n';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../lib/paths';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

// The card's words are in the app's part of the catalogue, loaded with it (the banner's are in the first download).
const InstallOfferCard = lazyCode(withMessages(['app'], () => import('./PromptCards').then((module) => ({ default: module.InstallOfferCard }))));

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
    <OptionalPart>
      <InstallOfferCard ios={ios} onDismiss={dismiss} onInstall={() => void install()} />
    </OptionalPart>
  );
}
