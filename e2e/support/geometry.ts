import { expect, type Locator } from '@playwright/test';

/** Where an element is drawn, for journeys that check what covers what. */
export type Box = { x: number; y: number; width: number; height: number };

export async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** Whether two boxes share more than a half-pixel edge. */
export function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
}

/**
 * The box once the element stays put (the same in three reads 100 ms apart): after the window is
 * resized, layouts that follow the width (the missions grid's columns) change a frame or more later.
 */
export async function settledBox(locator: Locator): Promise<Box> {
  const reads: string[] = [];
  await expect
    .poll(
      async () => {
        reads.push(JSON.stringify(await box(locator)));
        return reads.length >= 3 && reads.slice(-3).every((read) => read === reads.at(-1));
      },
      { intervals: [100] },
    )
    .toBe(true);
  return JSON.parse(reads.at(-1) ?? '{}') as Box;
}

/** Whether the inner box lies wholly inside the outer one (to the half pixel): nothing of it is cut off. */
export function contains(outer: Box, inner: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** The element's text as it is drawn, one string per line, read from where each character lands. */
export function drawnLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const last = lines.at(-1);
        if (last && Math.abs(last.top - rect.top) < rect.height / 2) last.text += text[index];
        else lines.push({ top: rect.top, text: text[index] ?? '' });
      }
    }
    return lines.map((line) => line.text);
  });
}
