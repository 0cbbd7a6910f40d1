import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';

/** Toasts at the top right for TOAST_DURATION_MS (docs/product.md#constants). */
export default function ToasterImpl() {
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} theme="dark" richColors closeButton />;
}
