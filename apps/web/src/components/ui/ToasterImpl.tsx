import { useEffect } from 'react';
import { Toaster as SonnerToaster, useSonner } from 'sonner';
import { TOAST_DURATION_MS } from '@mc/contract/constants.ts';
import { toasterIsUp } from '../../lib/notify';
import { useTheme } from '../../lib/theme';
import { useToastPlacement } from './toastPlacement';

/**
 * Toasts for TOAST_DURATION_MS (docs/product.md#constants): on a wider screen at the top right,
 * below the header and below any heading or panel header in their way; on a phone across the
 * bottom of the screen, above the keyboard and the offline and update cards, where they cover no
 * header and no first row of controls (toastPlacement.ts). They are listed one under the other
 * (expanded), never piled up: an error stays readable when a success toast follows it.
 */
export default function ToasterImpl() {
  const { theme } = useTheme();
  const { toasts } = useSonner();
  const { phone, top, bottom } = useToastPlacement(toasts.length > 0);
  // Runs after sonner's Toaster (a child) has run its own effects and subscribed.
  useEffect(toasterIsUp, []);
  return (
    <SonnerToaster
      position={phone ? 'bottom-center' : 'top-right'}
      offset={{ top, right: 16 }}
      mobileOffset={{ bottom, right: 12, left: 12 }}
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
