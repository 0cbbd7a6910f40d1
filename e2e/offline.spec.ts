import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test, type Page } from './support/test.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { createMission, createUser, expectNoA11yViolations, rpc, signInViaUi, withRoleProfile } from './support/app.ts';

/**
 * The app on bad Wi-Fi, with the production build's service worker: after one visit it opens
 * without a network (Playwright's offline mode), shows what the person last saw with a banner,
 * gives screens never opened an in-app offline state, refuses actions at once with a clear
 * message, and offers a reload when a new version is deployed.
 */

// The production build's service worker is what these journeys are about (the others block it).
test.use({ serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = 'You are offline: this needs a connection, and nothing was sent or saved. Try again when you are back online.';

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Whether the answers kept on this device for offline use hold every one of these texts. */
function keptForOffline(page: Page, texts: string[]): Promise<boolean> {
  return page.evaluate((wanted) => {
    const kept = Object.entries(localStorage)
      .filter(([key]) => key.startsWith('offline_cache:'))
      .map(([, value]) => value)
      .join('');
    return wanted.every((text) => kept.includes(text));
  }, texts);
}

test('after one visit the app opens offline: agenda, speakers, my mission and profile, a never-opened screen; actions are refused and nothing is queued', async ({
  page,
  context,
}) => {
  // The longest journey of the suite (a dozen screens online and offline): three times the usual time.
  test.slow();
  const owner = await withRoleProfile(await createUser());
  const mission = await createMission(owner);
  const me = await withRoleProfile(await createUser());
  const myMission = await createMission(me, { p_name: `Offline crew ${Date.now().toString(36)}` });
  await signInViaUi(page, me);
  await waitForServiceWorker(page);

  // One visit: the dashboard, the agenda (with a star), the speakers, the missions list, my mission and my profile.
  await page.goto('/agenda-schedule');
  await page.getByRole('button', { name: 'Add Welcome to Mission Control to My agenda' }).click();
  await expect(page.getByRole('button', { name: 'My agenda (1)' })).toBeVisible();
  // Each screen's answers are kept before the page is left (each goto loads the app afresh): the
  // code that keeps answers loads after the first screen, and on a loaded machine it may not have
  // loaded yet when the screen's answers arrive.
  await expect.poll(() => keptForOffline(page, ['"part_id":"s1p1"'])).toBe(true);
  await page.goto('/speakers-directory');
  await expect(page.getByTestId('speaker-card')).toHaveCount(17);
  await page.goto('/view-my-mission');
  await expect(page.getByRole('heading', { name: myMission.name })).toBeVisible();
  await expect.poll(() => keptForOffline(page, [myMission.name])).toBe(true);
  await page.goto('/view-role-profile');
  await expect(page.getByText('Call the council')).toBeVisible();
  await expect.poll(() => keptForOffline(page, ['Call the council'])).toBe(true);
  await page.goto('/view-all-missions');
  await expect(page.getByRole('heading', { name: mission.name })).toBeVisible();
  // The kept answers are written a moment after they arrive: wait until every one is there.
  await expect.poll(() => keptForOffline(page, ['"part_id":"s1p1"', myMission.name, mission.name, 'Call the council'])).toBe(true);

  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(/^You are offline: showing what you saw at \d{1,2}:\d{2}(\s?[AP]M)?\./);
  await expectNoA11yViolations(page);

  // A vote is refused at once with the reason, and nothing stays spinning.
  const card = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Vote' })).toBeEnabled();
  await expect(card.getByText('Processing…')).toHaveCount(0);
  // So is following it.
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText(OFFLINE_MESSAGE).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Subscribe' })).toBeEnabled();

  // A reload without a network: the app itself, the agenda with the star, the speakers.
  await page.goto('/agenda-schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda Schedule' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Welcome to Mission Control from My agenda' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.goto('/speakers-directory');
  await expect(page.getByTestId('speaker-card')).toHaveCount(17);
  await expect(page.getByRole('img', { name: /^Photo of / }).first()).toBeVisible();
  // The missions list, my mission and my profile as they were last seen, not an error.
  await page.goto('/view-all-missions');
  await expect(page.getByRole('heading', { name: mission.name })).toBeVisible();
  await page.goto('/view-my-mission');
  await expect(page.getByRole('heading', { name: myMission.name })).toBeVisible();
  await page.goto('/view-role-profile');
  await expect(page.getByText('Call the council')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline: showing what you saw at');

  // Starring offline is refused and the star stays as it was.
  await page.goto('/agenda-schedule');
  await page.getByRole('button', { name: 'Add Why Communities Need Missions, Not Just Meetings to My agenda' }).click();
  await expect(page.getByText(OFFLINE_MESSAGE).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Why Communities Need Missions, Not Just Meetings to My agenda' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // A calendar file is made by the server: refused too, with no download.
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  const part = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: 'Welcome to Mission Control', exact: true }) });
  await part.getByRole('button', { name: /^Add to calendar/ }).click();
  await expect(page.getByText(OFFLINE_MESSAGE).first()).toBeVisible();
  await expect(part.getByRole('button', { name: /^Add to calendar/ })).toBeEnabled();

  // A screen never opened: the app's own page with an offline message, never the browser's error page.
  await page.goto('/create-mission');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto('/mission/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expectNoA11yViolations(page);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // Nothing was queued to go out once the network came back: the server has only the first star,
  // and the refused vote and follow were never cast.
  await page.goto('/view-all-missions');
  const again = page.getByTestId('mission-card').filter({ hasText: mission.name });
  await expect(again.getByRole('button', { name: 'Vote' })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  expect((await rpc<{ part_id: string }[]>(me, 'get_my_agenda', {})).map((row) => row.part_id)).toEqual(['s1p1']);
  expect(downloads).toBe(0);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('answers that arrived before the offline support loaded are kept for offline use too', async ({ page, context }) => {
    const owner = await withRoleProfile(await createUser());
    const mission = await createMission(owner);
    await signInViaUi(page, await createUser());
    // The offline support loads after the first screen; here it arrives only once the list is shown.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/OfflineSupport-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/view-all-missions');
    await expect(page.getByRole('heading', { name: mission.name })).toBeVisible();
    release();
    await expect.poll(() => keptForOffline(page, [mission.name])).toBe(true);
  });
});

test('a new version offers "Reload to update" instead of taking over, and the reload brings it', async ({ browser }) => {
  // A deployment of its own, on a copy of the build, so that "deploying" a rebuild here cannot
  // reach the other journeys' server.
  const distCopy = mkdtempSync(join(tmpdir(), 'mc-e2e-dist-'));
  cpSync('dist/web', distCopy, { recursive: true });
  const port = await freePort();
  const server = await startServer(
    loadConfig({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', WEB_DIST_DIR: distCopy, PRODUCT_NAME: 'Orbit Days' }),
  );
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForServiceWorker(page);
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    // The installed app's name is this deployment's, even through the service worker.
    expect(await page.evaluate(async () => ((await (await fetch('/manifest.webmanifest')).json()) as { name: string }).name)).toBe('Orbit Days');

    // The rebuild: a worker script that differs (as a new precache list would make it), and its
    // compressed copies, which the build makes beside it and the server sends.
    const worker = join(distCopy, 'sw.js');
    appendFileSync(worker, '\n// the next build\n');
    writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)));
    writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)));
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('region', { name: 'Update available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toContainText('A new version of the app is ready.');
    await expectNoA11yViolations(page);
    // The old version keeps running until the person chooses.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  } finally {
    await context.close();
    await server.close();
    rmSync(distCopy, { recursive: true, force: true });
  }
});

test('the app can be installed: a manifest with icons and the theme colour', async ({ page, request }) => {
  await page.goto('/signin');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Mission Control', display: 'standalone', theme_color: '#070b1a', start_url: '/dashboard' });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((entry) => entry.sizes === size && !entry.purpose);
    expect(icon, size).toBeTruthy();
    const response = await request.get(icon?.src ?? '');
    expect(response.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.some((entry) => entry.purpose === 'maskable')).toBe(true);
});
