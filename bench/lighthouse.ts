// `npm run bench:lighthouse` (after `npm run build`): Lighthouse's four category scores for the
// screens a phone opens most, with Lighthouse's mobile preset (a mid-range phone, simulated slow
// 4G, the CPU slowed 4×) in Debian's headless Chromium. The signed-in screens are measured as a
// seeded person who signed in once: each run starts without the browser's cache, the service worker
// or the answers kept for offline use, keeping only the session. The public page of a published
// mission (/m/{slug}) is measured signed out, first. Pass a build folder to measure another build:
//   npm run bench:lighthouse                        # dist/web
//   npm run bench:lighthouse -- /tmp/before/web
// BENCH_LIGHTHOUSE_RUNS (default 1) runs each screen that many times and keeps the median
// performance score's run; BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's full report there
// (JSON, for what blocked the main thread and what delayed the largest paint), and beside it the
// trace Lighthouse recorded (<screen>-<run>.trace.json, which DevTools' Performance panel opens).
// BENCH_LIGHTHOUSE_SCREENS=dashboard,agenda measures only the screens whose names start so.
// docs/performance.md has the last table.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium } from '@playwright/test';
import { encodeDateOfBirth } from '@mc/contract';
import { SEEDED_DATE_OF_BIRTH, startSeededServer, type SeededServer } from './seeded-server.ts';
import { freePort } from '../apps/server/test/free-port.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const ONLY = process.env.BENCH_LIGHTHOUSE_SCREENS?.split(',').map((name) => name.trim().toLowerCase());
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The seeded person who signs in (and owns mission 1, whose public page is published). */
const PERSON = 1;
const SLUG = 'bench-public-mission';

interface Screen {
  name: string;
  path: (server: SeededServer) => string;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'public mission page /m/{slug}', path: () => `/m/${SLUG}`, signedIn: false },
  { name: 'dashboard', path: () => '/dashboard', signedIn: true },
  { name: 'All Missions', path: () => '/view-all-missions', signedIn: true },
  { name: 'a mission', path: (server) => `/mission/${server.missionId(2)}`, signedIn: true },
  { name: 'agenda', path: () => '/agenda-schedule', signedIn: true },
  { name: 'vote screen', path: () => '/vote', signedIn: true },
  { name: 'account', path: () => '/account', signedIn: true },
];

async function call(url: string, token: string, name: string, body: unknown): Promise<void> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, apikey: 'bench' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
}

/** The seeded owner of mission 1 publishes its public page, through the procedure owners use. */
async function publishPublicPage(server: SeededServer): Promise<void> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench' },
    body: JSON.stringify({ email: server.email(PERSON), password: encodeDateOfBirth(SEEDED_DATE_OF_BIRTH) }),
  });
  const session = (await response.json()) as { access_token?: string };
  if (!session.access_token) throw new Error(`sign-in failed: ${response.status}`);
  await call(server.url, session.access_token, 'set_mission_public_page', { p_mission_id: server.missionId(PERSON), p_slug: SLUG });
}

/** Signs the seeded person in through the sign-in form, in the browser Lighthouse drives. */
async function signIn(port: number, server: SeededServer): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  await page.goto(`${server.url}/signin`);
  await page.getByLabel('Email').fill(server.email(PERSON));
  await page.getByLabel('Date of Birth').fill(SEEDED_DATE_OF_BIRTH);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard', { timeout: 120_000 });
  await page.locator('#dashboard-mission-title').waitFor({ timeout: 120_000 });
  await page.close();
  await browser.close();
}

/**
 * Before each signed-in run: the browser's cache, the service worker, its caches and the answers
 * kept for offline use go; the session stays (Lighthouse's own reset would sign the person out).
 */
async function forgetAllButTheSession(port: number, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium has no default context');
  const page = await context.newPage();
  await page.goto(`${url}/healthz`);
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const name of await caches.keys()) await caches.delete(name);
    for (const key of Object.keys(localStorage)) if (key.startsWith('offline_cache:')) localStorage.removeItem(key);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

/** Debian's Chromium, headless, with the DevTools port Lighthouse and the sign-in connect to. */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'mc-lighthouse-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      // Port 0: Chromium picks one and says which on standard error once it listens.
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    let said = '';
    const deadline = setTimeout(() => reject(new Error('Chromium did not open its DevTools port within a minute')), 60_000);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      said += chunk;
      const listening = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(said);
      if (listening) {
        clearTimeout(deadline);
        resolve(Number(listening[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(deadline);
      reject(new Error(`Chromium exited with code ${String(code)}`));
    });
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      // Chromium's helper processes may still be writing to the profile for a while after it exits;
      // a profile left in the temporary folder is not worth failing the measurement for.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch (error) {
        console.warn(`Chromium's profile ${profile} was left behind:`, error instanceof Error ? error.message : error);
      }
    },
  };
}

interface Scores {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
}

function scoresOf(lhr: Result): Scores {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
  };
}

async function main(): Promise<void> {
  const webDir = process.argv.slice(2).find((arg) => arg !== '--') ?? 'dist/web';
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`Lighthouse (mobile preset, simulated throttling) on ${webDir}; load average at start ${load()}`);
  const server = await startSeededServer({ port: await freePort(), missions: 300, votes: 3_000, webDir });
  const chrome = await startChromium();
  const rows: string[][] = [];
  const failed: string[] = [];
  try {
    await publishPublicPage(server);
    let signedIn = false;
    for (const screen of SCREENS.filter(({ name }) => !ONLY || ONLY.some((start) => name.toLowerCase().startsWith(start)))) {
      if (screen.signedIn && !signedIn) {
        await signIn(chrome.port, server);
        signedIn = true;
      }
      const results: Scores[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        if (screen.signedIn) await forgetAllButTheSession(chrome.port, server.url);
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          disableStorageReset: screen.signedIn,
        };
        // Lighthouse now and then loses a trace on a loaded machine (NO_NAVSTART): tried again, twice at most.
        let answer = await lighthouse(`${server.url}${screen.path(server)}`, flags);
        for (let retry = 0; retry < 2 && answer?.lhr.runtimeError; retry += 1) {
          console.log(`  ${screen.name}: ${answer.lhr.runtimeError.code}, run again`);
          answer = await lighthouse(`${server.url}${screen.path(server)}`, flags);
        }
        if (!answer) throw new Error(`Lighthouse gave no result for ${screen.name}`);
        if (answer.lhr.runtimeError) throw new Error(`${screen.name}: ${answer.lhr.runtimeError.message}`);
        // A signed-in screen that sent the person to the sign-in form was not measured.
        const landed = new URL(answer.lhr.finalDisplayedUrl).pathname;
        if (landed !== screen.path(server)) throw new Error(`${screen.name} ended on ${landed}`);
        results.push(scoresOf(answer.lhr));
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const file = join(REPORTS, `${screen.name.replace(/\W+/g, '-')}-${run + 1}`);
          writeFileSync(`${file}.json`, JSON.stringify(answer.lhr));
          // The recorded load itself (Chromium's trace, for DevTools' Performance panel): which task
          // ran when, and what came before the largest paint, at full speed.
          writeFileSync(`${file}.trace.json`, JSON.stringify(answer.artifacts.Trace));
        }
      }
      const middle = [...results].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(results.length / 2)]!;
      const { scores } = middle;
      if (scores.performance < 95 || scores.accessibility < 100 || scores['best-practices'] < 100 || scores.seo < 100) failed.push(screen.name);
      rows.push([
        screen.name,
        ...CATEGORIES.map((category) => String(scores[category])),
        `${(middle.lcpMs / 1000).toFixed(1)} s`,
        `${Math.round(middle.tbtMs)} ms`,
      ]);
      console.log(`  ${screen.name}: ${rows.at(-1)!.slice(1).join(' ')}`);
    }
  } finally {
    await chrome.stop();
    await server.stop();
  }
  const header = ['screen', 'performance', 'accessibility', 'best practices', 'SEO', 'largest paint', 'blocked main thread'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(`load average at end: ${load()}; ${RUNS} run(s) per screen`);
  console.log(failed.length ? `below the targets (performance ≥ 95, the others 100): ${failed.join(', ')}` : 'every screen meets the targets');
}

await main();
