import { useSyncExternalStore } from 'react';

/**
 * Toasts for the screens on the critical path (/signin, /signup, /, the layout): the same sonner
 * toasts, but sonner's code and its Toaster are only fetched once toasts may be needed: when a
 * toast is shown, when someone starts on an auth form, or once someone is signed in (preloadToasts).
 * Screens only signed-in people reach can import { toast } from 'sonner' directly; it is the same
 * module instance, and the Toaster is up by then.
 */
type ToastKind = 'success' | 'error' | 'info' | 'warning';

const loadSonner = () => import('sonner');

let toasterWanted = false;
const wantedListeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
/** Resolves once the Toaster is on the page: sonner shows only toasts made after it subscribed. */
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function show(kind: ToastKind, message: string): void {
  preloadToasts();
  Promise.all([loadSonner(), toasterMounted])
    .then(([{ toast }]) => {
      toast[kind](message);
    })
    .catch((error: unknown) => console.error('Could not show a toast', message, error));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

/** Puts the Toaster on the page and starts fetching sonner, so the next toast is instant. */
export function preloadToasts(): void {
  void loadSonner().catch(() => undefined);
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of wantedListeners) listener();
}

/** For the Toaster: whether it should be on the page yet. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      wantedListeners.add(onChange);
      return () => wantedListeners.delete(onChange);
    },
    () => toasterWanted,
  );
}

/** Called by the Toaster once sonner's own Toaster has mounted (and subscribed). */
export function toasterIsUp(): void {
  markMounted();
}
