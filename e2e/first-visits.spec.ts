import { expect, test, type Browser, type Page } from './support/test.ts';
import { E2E_BASE_URL } from './support/env.ts';
import { createMission, createUser, signIn, withRoleProfile } from './support/app.ts';

/**
 * First visits and builds that change (docs/product.md#offline-and-updates): whatever the timing
 * between the service worker's install and the first clicks, every route loads; a page that finds
 * a screen's code missing reloads itself once onto the current build, and says so if it cannot;
 * without a network it does not reload, and says the person is offline.
 */

/**
 * First visits raced against the worker's install: each in a fresh browser context (no worker, no
 * cache), several at a time in the one browser, the first click landing at a different point of
 * the worker's life each time.
 */
const FIRST_VISITS = 25;
const AT_A_TIME = 5;

/** When the first click lands, each reached by what the page reports, never by a fixed wait. */
const MOMENTS = ['as soon as the link is there', 'page loaded', 'worker registered', 'worker active', 'worker in charge'] as const;
type Moment = (typeof MOMENTS)[number];

async function reach(page: Page, moment: Moment): Promise<void> {
  if (moment === 'as soon as the link is there') return;
  if (moment === 'page loaded') return page.waitForLoadState('load');
  await page.evaluate(async (wanted) => {
    if (wanted === 'worker registered') {
      // The app registers its worker once the page has loaded and its offline support is in.
      while (!(await navigator.serviceWorker.getRegistration())) await new Promise((resolve) => requestAnimationFrame(resolve));
      return;
    }
    await navigator.serviceWorker.ready;
    if (wanted === 'worker in charge' && !navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
        if (navigator.serviceWorker.controller) resolve(undefined);
      });
    }
  }, moment);
}

/** One first visit: what went wrong, or nothing. */
async function firstVisit(browser: Browser, moment: Moment): Promise<string[]> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, serviceWorkers: 'allow', locale: 'en-US' });
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    await page.goto('/', { waitUntil: 'commit' });
    await reach(page, moment);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    if (moment === 'worker in charge') {
      // The worker serves the next route.
      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  } catch (error) {
    problems.push(error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
  } finally {
    await context.close();
  }
  return problems.map((problem) => `${moment}: ${problem}`);
}

test(`${FIRST_VISITS} first visits raced against the service worker's install: every route loads, no blank page, no script error`, async ({ browser }) => {
  // Each fresh context downloads the worker's whole precache one file after another (Workbox's
  // install): five at a time take about 15 s on a developer's machine and twice that in CI.
  test.setTimeout(FIRST_VISITS * 12_000);
  const problems: string[] = [];
  for (let start = 0; start < FIRST_VISITS; start += AT_A_TIME) {
    const batch = Array.from({ length: Math.min(AT_A_TIME, FIRST_VISITS - start) }, (_, offset) => MOMENTS[(start + offset) % MOMENTS.length] ?? 'page loaded');
    for (const found of await Promise.all(batch.map((moment) => firstVisit(browser, moment)))) problems.push(...found);
  }
  expect(problems).toEqual([]);
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

/**
 * Holds back every request for `code` until the answered function is called (once the journey has
 * taken the network away), then fails them as a lost connection would.
 */
async function holdUntilLost(page: Page, code: RegExp): Promise<() => void> {
  let networkGone: () => void = () => undefined;
  const gone = new Promise<void>((resolve) => (networkGone = resolve));
  await page.route(code, async (route) => {
    await gone;
    await route.abort('internetdisconnected');
  });
  return networkGone;
}

test('a screen whose code cannot be fetched without a network: the page stays, says so, and the screen comes by itself once the network is back', async ({
  page,
  context,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loads = await countLoads(page);
  await context.setOffline(true);
  await page.getByRole('link', { name: /Sign up/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('You are offline. Check your connection and try again.')).toBeVisible();
  // No reload without a network: it would have left the browser's own error page instead of this one.
  expect(loads()).toBe(0);
  expect(page.url()).toMatch(/\/signup$/);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  expect(loads()).toBe(0);
});

test('a part of a screen whose code the network took away (the bell): the screen goes on without it, and the part comes with the network', async ({
  page,
  context,
}) => {
  const user = await createUser();
  const bellCode = /\/assets\/notifications-[^/]+\.js$/;
  const networkGone = await holdUntilLost(page, bellCode);
  // React reports the failed load when the part's error has been handled: only then can its absence be told.
  const handled = page.waitForEvent('console', (message) => /Failed to fetch dynamically imported module: .*\/notifications-/.test(message.text()));
  await signIn(page, user);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await context.setOffline(true);
  networkGone();
  await handled;

  // The dashboard stays, without the bell: not the error page, and no reload onto the browser's own.
  await expect(page.getByText(/^You are offline: .*Voting, following and saving need a connection\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveCount(0);

  await page.unroute(bellCode);
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
});

test("a dialog whose code the network took away (the team's): pressed offline it says so and the dashboard stays; pressed online it opens", async ({
  page,
  context,
}) => {
  const owner = await withRoleProfile(await createUser());
  await createMission(owner);
  const teamCode = /\/assets\/teams-[^/]+\.js$/;
  const networkGone = await holdUntilLost(page, teamCode);
  await signIn(page, owner);
  const manageTeam = page.getByRole('button', { name: 'Manage Team' });
  await expect(manageTeam).toBeVisible();
  await context.setOffline(true);
  networkGone();

  await manageTeam.click();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline. Check your connection and try again.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.unroute(teamCode);
  await context.setOffline(false);
  await manageTeam.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline' })).toHaveCount(0);
});

test('files of two builds meeting ("does not provide an export named"): the page reloads once onto one build', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loads = await countLoads(page);
  const entry = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '');
  expect(entry).toMatch(/\/assets\/[^/]+\.js$/);
  // The sign-up screen's file as a newer deploy would have it: it asks the open page's entry for
  // something only the newer entry has.
  let served = 0;
  await page.route(/\/assets\/SignUpPage-[^/]+\.js$/, async (route) => {
    served += 1;
    if (served === 1) {
      await route.fulfill({
        contentType: 'text/javascript',
        body: `import { onlyInTheNewBuild } from '${new URL(entry).pathname}';\nexport default onlyInTheNewBuild;\n`,
      });
    } else await route.continue();
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.getByRole('link', { name: /Sign up/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
  expect(loads()).toBe(1);
  expect(served).toBe(2);
  expect(errors).toEqual([]);
});
