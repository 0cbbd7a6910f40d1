import { useEffect } from 'react';
import { Toaster as SonnerToaster, useSonner } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';
import { toasterIsUp } from '../../lib/notify';
import { useTheme } from '../../lib/theme';
import { useToastTop } from './toastPlacement';

/**
 * Toasts at the top right for TOAST_DURATION_MS (docs/product.md#constants), below the header and
 * below any heading or panel header in their way (toastPlacement.ts). They are listed one under
 * the other (expanded), never piled up: an error stays readable when a success toast follows it.
 */
export default function ToasterImpl() {
  const { theme } = useTheme();
  const { toasts } = useSonner();
  const top = useToastTop(toasts.length > 0);
  // Runs after sonner's Toaster (a child) has run its own effects and subscribed.
  useEffect(toasterIsUp, []);
  return (
    <SonnerToaster
      position="top-right"
      offset={{ top, right: 16 }}
      mobileOffset={{ top, right: 12, left: 12 }}
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
