/**
 * Toasts for the screens on the critical path (/signin, /signup, /, the layout): the same sonner
 * toasts, but sonner's code is fetched in the background instead of before the page can be used.
 * Screens loaded later can import { toast } from 'sonner' directly; it is the same module instance.
 */
type ToastKind = 'success' | 'error' | 'info' | 'warning';

const loadSonner = () => import('sonner');

function show(kind: ToastKind, message: string): void {
  loadSonner()
    .then(({ toast }) => {
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

/** Starts fetching sonner early (called once at start-up), so the first toast is instant. */
export function preloadToasts(): void {
  void loadSonner().catch(() => undefined);
}
