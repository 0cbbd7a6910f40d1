import type { Page } from '@playwright/test';

/** Colours as the page renders them, and their WCAG contrast, for journeys that check what people can see. */

export type Rgba = [number, number, number, number];

/** The relative luminance of an sRGB colour (WCAG 2). */
function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The focus ring of the focused element as drawn, and the colours it must stand out from. */
export interface FocusRing {
  /** What has focus, for messages: tag, role-ish name. */
  label: string;
  outlineStyle: string;
  outlineWidth: number;
  /** The outer band (the outline) and the inner band (the first box-shadow), opaque. */
  outer: Rgba | null;
  inner: Rgba | null;
  /** The element's own colour (its background over what is behind it) and the colour behind it. */
  element: Rgba;
  behind: Rgba;
}

/**
 * Reads the ring of the focused element (or, for a visually hidden control such as a theme radio,
 * of the visible box that draws its ring), turning every CSS colour (Tailwind writes oklch) into
 * sRGB through a canvas, and compositing translucent backgrounds over their ancestors'.
 */
export function focusRingOf(page: Page): Promise<FocusRing | null> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const rgba = (css: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#000';
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: [number, number, number, number], bottom: [number, number, number, number]): [number, number, number, number] => {
      const a = top[3];
      return [top[0] * a + bottom[0] * (1 - a), top[1] * a + bottom[1] * (1 - a), top[2] * a + bottom[2] * (1 - a), 1];
    };
    /** The colour an element's box shows: its background over its ancestors', down to the page. */
    const colourOf = (element: Element | null): [number, number, number, number] => {
      const layers: [number, number, number, number][] = [];
      for (let node = element; node; node = node.parentElement) {
        const colour = rgba(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let result: [number, number, number, number] = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };

    let focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) focused = focused.closest('.focus-ring-within') ?? focused;
    // Buttons fade their colours (outline included) in: read the ring once it has settled.
    await Promise.all(focused.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
    const style = getComputedStyle(focused);
    const shadow = style.boxShadow === 'none' ? null : (/^(\w+\([^)]*\))/.exec(style.boxShadow)?.[1] ?? null);
    const name = focused.getAttribute('aria-label') ?? (focused.textContent ?? '').trim().slice(0, 40);
    return {
      label: `${focused.tagName.toLowerCase()} "${name}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outer: style.outlineStyle === 'none' ? null : rgba(style.outlineColor),
      inner: shadow ? rgba(shadow) : null,
      element: colourOf(focused),
      behind: colourOf(focused.parentElement),
    };
  });
}
