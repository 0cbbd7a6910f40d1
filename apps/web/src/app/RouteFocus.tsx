import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '../components/ui/focus';

/**
 * After every move to another screen (sidebar, links, buttons that navigate, back and forward),
 * keyboard focus goes to the new screen's main heading, as a newly loaded page would put a screen
 * reader at its top (docs/product.md#keyboard-and-focus). Not on the first load, and not when the
 * new screen placed focus itself (such as the agenda part a link pointed at).
 *
 * The heading may come later than the route (a screen that loads its data first), or be replaced
 * (a loading heading by the loaded one): until the person presses a key or a pointer, any focus that
 * falls back to the page body goes to the heading again. Waiting is on DOM changes, not on time.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    if (previous.current === pathname) return undefined;
    previous.current = pathname;

    const main = document.querySelector('main');
    const active = document.activeElement;
    if (main && active && active !== main && main.contains(active)) return undefined;

    // Focus left behind on the way here: the page body, or the sidebar, top bar or menu button.
    const leftBehind = () => {
      const now = document.activeElement;
      if (!now || now === document.body) return true;
      return !document.querySelector('main')?.contains(now) && now.closest('aside, header, nav') !== null;
    };
    focusPageHeading();
    const observer = new MutationObserver(() => {
      if (leftBehind()) focusPageHeading();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const stop = () => observer.disconnect();
    window.addEventListener('keydown', stop, { once: true, capture: true });
    window.addEventListener('pointerdown', stop, { once: true, capture: true });
    return () => {
      stop();
      window.removeEventListener('keydown', stop, { capture: true });
      window.removeEventListener('pointerdown', stop, { capture: true });
    };
  }, [pathname]);

  return null;
}
