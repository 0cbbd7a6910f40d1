import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';
import { toasterIsUp } from '../../lib/notify';
import { useTheme } from '../../lib/theme';

/**
 * Below the top bar (64 px) and the sign-in screens' header (76 px), so a toast never covers the
 * menu button, the Back link or the live indicator.
 */
const BELOW_HEADER = { top: 84, right: 16 };
const BELOW_HEADER_PHONE = { top: 84, right: 12, left: 12 };

/**
 * Toasts at the top right for TOAST_DURATION_MS (docs/product.md#constants), below the header.
 * They are listed one under the other (expanded), never piled up: an error stays readable when a
 * success toast follows it.
 */
export default function ToasterImpl() {
  const { theme } = useTheme();
  // Runs after sonner's Toaster (a child) has run its own effects and subscribed.
  useEffect(toasterIsUp, []);
  return (
    <SonnerToaster
      position="top-right"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER_PHONE}
      expand
      visibleToasts={5}
      gap={8}
      duration={TOAST_DURATION_MS}
      theme={theme}
      richColors
      closeButton
    />
  );
}
