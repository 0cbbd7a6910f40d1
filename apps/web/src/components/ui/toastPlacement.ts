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
 * Where the first toast starts: just below the header, or lower, below any heading in the toasts'
 * column (the right-hand 356 px, or the whole width on a phone) that starts in the upper half of
 * the window. Toasts still sit at the top right; they only step down past what a person is reading.
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

/**
 * toastTop() kept current while toasts show (`active`): headings move as the page scrolls, the
 * window is resized or a panel opens. Read once per frame at most, and not at all without toasts.
 */
export function useToastTop(active: boolean): number {
  const [top, setTop] = useState(BELOW_HEADER);
  // Before the first toast is painted, so it never shows over a heading first and then moves.
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const update = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTop(toastTop());
      });
    };
    setTop(toastTop());
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [active]);
  return top;
}
