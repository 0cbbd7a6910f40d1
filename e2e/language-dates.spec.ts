import { expect, test } from './support/test.ts';
import { signedInUser } from './support/app.ts';

/**
 * Dates in isiZulu and isiXhosa in Chromium, which has no data of its own for them and would write
 * them in English (docs/product.md#languages): the agenda's days (from Saturday 6 December 2025,
 * the sample configuration) in each language as CLDR writes it.
 */

const FIRST_DAY = {
  en: 'Saturday, December 6, 2025',
  af: 'Saterdag 6 Desember 2025',
  zu: 'UMgqibelo, Disemba 6, 2025',
  xh: 'Mgqibelo, Disemba 6, 2025',
} as const;

test('the agenda writes its days in the interface language, isiZulu and isiXhosa included', async ({ page }) => {
  await signedInUser(page);
  for (const language of ['en', 'zu', 'xh', 'af'] as const) {
    // The language picked on this device (as the account page's list would keep it).
    await page.evaluate((code) => {
      localStorage.setItem('language', code);
      localStorage.setItem('language_chosen', 'true');
    }, language);
    await page.goto('/agenda-schedule');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const firstDay = page.getByRole('heading', { level: 2 }).filter({ hasText: '2025' }).first();
    await expect(firstDay).toContainText(`· ${FIRST_DAY[language]}`);
  }
  // The days' tabs: isiZulu's Sunday ("ISonto"), isiXhosa's ("Cawe"), each language's short form.
  for (const [language, sunday] of [
    ['zu', 'Son, Dis 7'],
    ['xh', 'Dis 7, Caw'],
  ] as const) {
    await page.evaluate((code) => {
      localStorage.setItem('language', code);
      localStorage.setItem('language_chosen', 'true');
    }, language);
    await page.goto('/agenda-schedule');
    await expect(page.getByRole('tab').nth(1)).toContainText(sunday);
  }
});
