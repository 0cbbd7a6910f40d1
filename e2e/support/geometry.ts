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
