import axe, { type Result } from 'axe-core';
import type { Frame, Page } from './test.ts';

type WithAxe = { axe?: typeof axe };

/**
 * Puts axe-core (650 KB) into a document that does not have it yet. A document keeps it until the
 * page navigates, so the checks after the first on the same screen send nothing; sending it again
 * for every check, as a wrapper that knows nothing of earlier checks must, made each check take
 * three to four times as long (docs/decisions/067-axe-put-into-each-document-once.md).
 */
async function ensureAxe(frame: Frame): Promise<void> {
  try {
    if (await frame.evaluate(() => 'axe' in (window as WithAxe))) return;
    await frame.evaluate(axe.source);
  } catch (error) {
    // A frame that went away while the check began has nothing left to check; any other failure is the check's.
    if (!frame.isDetached()) throw error;
  }
}

/**
 * Every rule axe runs by default, on the page as it is now and in its same-origin frames (axe's
 * own `run` reaches into them), leaving out what `exclude` selects. Only the violations are
 * written out in full, which spares axe describing each element that passed (about a sixth of its
 * time on the agenda).
 */
export async function axeViolations(page: Page, exclude?: string): Promise<Result[]> {
  for (const frame of page.frames()) await ensureAxe(frame);
  const results = await page.evaluate(
    ({ exclude }) => {
      const inPage = (window as WithAxe).axe;
      if (!inPage) throw new Error('axe-core is not in the page');
      return inPage.run(exclude === undefined ? document : { exclude: [exclude] }, { resultTypes: ['violations'] });
    },
    { exclude },
  );
  return results.violations;
}
