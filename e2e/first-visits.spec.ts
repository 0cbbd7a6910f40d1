import { expect, test, type Browser, type Page } from './support/test.ts';
import { E2E_BASE_URL } from './support/env.ts';

/**
 * First visits and builds that change (docs/product.md#offline-and-updates): whatever the timing
 * between the service worker's install and the first clicks, every route loads; a page that finds
 * a screen's code missing reloads itself once onto the current build, and says so if it cannot.
 */

/**
 * First visits raced against the worker's install. Kept modest (each starts a fresh browser context
 * and the worker's whole precache) so the journey stays well under a minute on a loaded machine;
 * only the last visit also waits for the worker and opens a route through it.
 */
const FIRST_VISITS = 3;

async function firstVisit(browser: Browser, clickAfterMs: number, thenFromTheWorker: boolean): Promise<string[]> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, serviceWorkers: 'allow', locale: 'en-US' });
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    // Sign Up at once, or a little later: before, during and after the worker's install and claim.
    if (clickAfterMs > 0) await page.waitForTimeout(clickAfterMs);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    if (!thenFromTheWorker) return errors;
    // Once the worker is in charge, another route still loads from it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
  return errors;
}

test(`${FIRST_VISITS} first visits raced against the service worker's install: every route loads, no script error`, async ({ browser }) => {
  test.slow();
  const errors: string[] = [];
  for (let visit = 0; visit < FIRST_VISITS; visit += 1) {
    // 0, 75, 150 … ms: the click lands at a different point of the install each time.
    errors.push(...(await firstVisit(browser, visit * 75, visit === FIRST_VISITS - 1)));
  }
  expect(errors).toEqual([]);
});

async function countLoads(page: Page): Promise<() => number> {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('a screen whose code a new deploy removed: the page reloads once onto the current build', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loads = await countLoads(page);
  // The open page's build no longer has the sign-up screen's file; after a reload it is the current one.
  let refused = 0;
  await page.route(/\/assets\/SignUpPage-[^/]+\.js$/, async (route) => {
    if (refused++ === 0) await route.fulfill({ status: 404, contentType: 'application/json', body: '{"code":"not_found"}' });
    else await route.continue();
  });
  await page.getByRole('link', { name: /Sign up/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  expect(loads()).toBe(1);
  expect(refused).toBe(2);
});

test('a screen whose code cannot be loaded even after the reload: the page says so instead of looping', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loads = await countLoads(page);
  await page.route(/\/assets\/SignUpPage-[^/]+\.js$/, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
  await page.getByRole('link', { name: /Sign up/ }).click();
  await expect(page.getByText('This screen could not be loaded, even after reloading the app. Check your connection, then reload the page.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  expect(loads()).toBe(1);
});
