import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';

/** SPEC §9: toasts at the top right for 4000 ms. */
export default function ToasterImpl() {
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} theme="dark" richColors closeButton />;
}
