import { expect, type Locator, type Page } from './test.ts';
import { expectNoA11yViolations } from './app.ts';

/**
 * Runs axe on the screen as it is, at a phone's width (390 px) and a laptop's (1280 px), in the dark
 * and the light theme (docs/decisions/024-light-theme.md: the device's setting by default), waiting
 * for `marker` after each change. Leaves the page at 1280 px in the dark theme.
 */
export async function expectNoA11yViolationsEverywhere(page: Page, marker: Locator): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(scheme);
      await expect(marker.first()).toBeVisible();
      await expectNoA11yViolations(page);
    }
  }
}
