import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';
import { toasterIsUp } from '../../lib/notify';

/** Toasts at the top right for TOAST_DURATION_MS (docs/product.md#constants). */
export default function ToasterImpl() {
  // Runs after sonner's Toaster (a child) has run its own effects and subscribed.
  useEffect(toasterIsUp, []);
  return <SonnerToaster position="top-right" duration={TOAST_DURATION_MS} theme="dark" richColors closeButton />;
}
