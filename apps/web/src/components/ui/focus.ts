/**
 * Where keyboard focus goes when the thing that had it disappears: the page's main heading, so a
 * keyboard or screen-reader user continues from the top of what they are now looking at
 * (docs/product.md#keyboard-and-focus).
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  // A heading is not focusable by itself; -1 lets a script focus it without adding a tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}
