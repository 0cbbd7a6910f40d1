import { expect, test } from './support/test.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { createUser, signIn } from './support/app.ts';

/**
 * /live on a projector whose browser reached the app by another address than its public one
 * (docs/product.md#live-results): the QR code the room scans shows PUBLIC_URL (here
 * E2E_BASE_URL, on localhost), never the address the projector's browser used (127.0.0.1).
 */
test('/live opened at another address shows the public address in its QR code, and fits a phone', async ({ browser }) => {
  const otherAddress = E2E_BASE_URL.replace('//localhost:', '//127.0.0.1:');
  expect(otherAddress).not.toBe(E2E_BASE_URL);
  const context = await browser.newContext({ baseURL: otherAddress, locale: 'en-US', serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await signIn(page, await createUser(), '/live');
    await expect(page.getByRole('heading', { name: 'Live results' })).toBeVisible();
    await expect(page.getByRole('img', { name: `QR code for ${E2E_BASE_URL}/vote` })).toBeVisible();
    await expect(page.getByRole('img', { name: new RegExp(`QR code for ${otherAddress.replace(/[.]/g, '\\.')}`) })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
});
