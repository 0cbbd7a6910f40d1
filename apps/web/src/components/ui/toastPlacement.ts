import { useLayoutEffect, useState } from 'react';

/** Below the top bar (64 px) and the sign-in screens' header (76 px): never over the menu button, the Back link or the bell. */
export const BELOW_HEADER = 84;
/** Space kept between a heading and the first toast below it. */
const GAP = 8;
/** Up to this width sonner lays toasts across the whole screen (its own phone breakpoint). */
const PHONE_MAX_WIDTH = 600;
/** sonner's toast width and right offset on wider screens. */
const TOAST_WIDTH = 356;
const RIGHT = 16;

/**
 * What toasts must leave readable: the sign-in screens' card heading, every page header in the
 * main area (heading, subtitle and its buttons) and a panel's header (the bell's), each marked
 * with data-toast-clear unless it is a page header.
 */
const KEEP_CLEAR = '[data-toast-clear], main header';

/**
 * On a wider screen, where the first toast starts: just below the header, or lower, below any
 * heading in the toasts' column (the right-hand 356 px) that starts in the upper half of the
 * window. Toasts still sit at the top right; they only step down past what a person is reading.
 */
export function toastTop(): number {
  const width = window.innerWidth;
  const columnLeft = width <= PHONE_MAX_WIDTH ? 0 : width - RIGHT - TOAST_WIDTH;
  let top = BELOW_HEADER;
  for (const element of document.querySelectorAll(KEEP_CLEAR)) {
    const rect = element.getBoundingClientRect();
    const shown = rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight / 2;
    if (shown && rect.right > columnLeft) top = Math.max(top, Math.ceil(rect.bottom) + GAP);
  }
  return top;
}

/** Space kept between the bottom of a phone's screen (or what is fixed there) and the last toast. */
const PHONE_BOTTOM = 12;

/**
 * What is fixed at the bottom of the screen for the person to press: the offline notice and the
 * install and update cards (app/offline), named by their test ids so /signin's download carries
 * nothing more for it.
 */
const FIXED_AT_BOTTOM = '[data-testid="offline-banner"], [data-testid="install-prompt"], [data-testid="update-prompt"]';

/** Whether toasts are laid out for a phone: across the screen, at its bottom. */
export function isPhoneWidth(): boolean {
  return window.innerWidth <= PHONE_MAX_WIDTH;
}

/**
 * On a phone, how far above the bottom of the window the toasts end: above the on-screen keyboard
 * while it is open, and above whatever is fixed at the bottom of the screen for the person to
 * press (the offline notice and the install and update cards, FIXED_AT_BOTTOM). There,
 * under the thumb's reach but over no header, no heading and no first row of controls, a toast
 * covers nothing the person is about to press (docs/product.md#constants).
 */
export function toastBottom(): number {
  const viewport = window.visualViewport;
  const keyboard = viewport ? Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop)) : 0;
  let bottom = keyboard + PHONE_BOTTOM;
  for (const element of document.querySelectorAll(FIXED_AT_BOTTOM)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) bottom = Math.max(bottom, Math.ceil(window.innerHeight - rect.top) + GAP);
  }
  return bottom;
}

export interface ToastPlacement {
  phone: boolean;
  top: number;
  bottom: number;
}

function placement(): ToastPlacement {
  const phone = isPhoneWidth();
  return { phone, top: phone ? BELOW_HEADER : toastTop(), bottom: phone ? toastBottom() : PHONE_BOTTOM };
}

const samePlacement = (a: ToastPlacement, b: ToastPlacement) => a.phone === b.phone && a.top === b.top && a.bottom === b.bottom;

/**
 * Where toasts go, kept current while they show (`active`): headings move as the page scrolls, the
 * window is resized, a panel opens or the keyboard comes up. Read once per frame at most, and not
 * at all without toasts.
 */
export function useToastPlacement(active: boolean): ToastPlacement {
  const [where, setWhere] = useState<ToastPlacement>(() => ({ phone: isPhoneWidth(), top: BELOW_HEADER, bottom: PHONE_BOTTOM }));
  const setTop = (next: ToastPlacement) => setWhere((current) => (samePlacement(current, next) ? current : next));
  // Before the first toast is painted, so it never shows over a heading first and then moves.
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTop(placement());
      });
    };
    setTop(placement());
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, [active]);
  return where;
}
