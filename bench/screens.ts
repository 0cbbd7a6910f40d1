// `npm run bench:screens` (after `npm run build`): how long each screen takes to become usable on a
// phone at the venue. Chromium gets Lighthouse's mobile conditions through the DevTools protocol
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, the CPU slowed 4×) and a phone's screen; a
// seeded person signs in and taps through the screens. Then the same on a "3G" link (400 ms round
// trip, 400 kbit/s each way, same CPU), venue Wi-Fi on a bad day; BENCH_PROFILES=mobile or =3G
// runs one of them. Each build runs against its own server on
// the same seeded data; pass more build folders to compare them, one round of each in turn:
//   npm run bench:screens                                  # dist/web
//   npm run bench:screens -- /tmp/before/web dist/web      # an older build beside this one
// BENCH_ROUNDS (default 5) sets the rounds; the table shows each screen's median and worst time.
// BENCH_VISIT=return measures a returning phone instead (the code already in its cache).
// See docs/performance.md for what "usable" means per screen and the last figures.
import { cpus, loadavg, totalmem } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { SEEDED_DATE_OF_BIRTH, startSeededServer, type SeededServer } from './seeded-server.ts';
import { freePort } from '../apps/server/test/free-port.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 300);
const VOTES = 3_000;
const CPU_SLOWDOWN = 4;
/** BENCH_VISIT=return: each round's phone opened the app once before (its code cached), as after a first visit. */
const RETURN_VISIT = process.env.BENCH_VISIT === 'return';
/** The longest the service worker may take to keep the app's code on the 3G link before the round fails. */
const RETURN_VISIT_KEEP_LIMIT_MS = 60_000;

interface Profile {
  name: string;
  network: { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number };
  target: { signIn: number; screen: number };
}

const PROFILES: Profile[] = [
  {
    // Lighthouse's mobile preset, as DevTools applies it.
    name: 'mobile',
    network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    target: { signIn: 1500, screen: 1000 },
  },
  {
    // A crowded venue's link: slow is not broken (docs/decisions/029-a-network-that-lies.md).
    name: '3G',
    network: { offline: false, latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
    target: { signIn: 3000, screen: 3000 },
  },
];

/**
 * When a screen counts as usable: its heading and the element its data fills are in the page and
 * visible, and no loading indicator (a status whose text starts with "Loading") is left anywhere.
 * Checked in the page after every DOM change, so the time is when the frame changed, not a poll's.
 */
interface Screen {
  name: string;
  /** How to reach it: the sidebar link's name, and the menu group it sits in (if any). */
  link: string | null;
  group?: string;
  /** The start of the page's h1, for person n. */
  heading: (person: number) => string;
  /** A CSS selector for the element the screen's data fills. */
  data: string;
}

const SCREENS: Screen[] = [
  { name: 'dashboard (after Sign In)', link: null, heading: () => 'Welcome', data: '#dashboard-mission-title' },
  { name: 'All Missions', link: 'All Missions', heading: () => 'All Missions', data: '[data-testid="mission-card"]' },
  { name: 'My Mission', link: 'My Mission', heading: (person) => `Mission ${person}`, data: 'ul[aria-label="Team members"] li' },
  { name: 'agenda', link: 'Agenda Schedule', group: 'Conference 2025', heading: () => 'Agenda Schedule', data: '[data-testid="agenda-part"]' },
  { name: 'speakers', link: 'Speakers Directory', group: 'Conference 2025', heading: () => 'Speakers Directory', data: '[data-testid="speaker-card"]' },
  { name: 'role profile', link: 'Profile', heading: () => 'My Role Profile', data: '[data-testid="role-id"]' },
];

/**
 * Arms the page: the next pointer or touch start is the start of the interaction, and the answer
 * is the time from it until the screen is usable (or -1 after 30 s).
 */
function measureInPage(page: Page, screen: Screen, person: number): Promise<number> {
  // Sent as text: tsx's transform would add helpers to a function that the page does not have.
  const args = JSON.stringify({ heading: screen.heading(person), data: screen.data });
  return page.evaluate(`(${IN_PAGE_MEASURE})(${args})`) as Promise<number>;
}

const IN_PAGE_MEASURE = `function ({ heading, data }) {
  return new Promise((resolve) => {
    let started = null;
    function start() {
      if (started === null) started = performance.now();
    }
    window.addEventListener('pointerdown', start, { capture: true, once: true });
    window.addEventListener('touchstart', start, { capture: true, once: true });
    function visible(element) {
      return element !== null && element.getClientRects().length > 0;
    }
    function usable() {
      const h1 = document.querySelector('main h1, h1');
      if (!h1 || !(h1.textContent || '').trim().startsWith(heading) || !visible(h1)) return false;
      if (!visible(document.querySelector(data))) return false;
      return ![...document.querySelectorAll('[role="status"]')].some((status) => (status.textContent || '').trim().startsWith('Loading'));
    }
    const observer = new MutationObserver(check);
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(-1);
    }, 30000);
    function check() {
      if (started === null || !usable()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - started);
    }
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}`;

/** One visit as a new phone would make it (empty cache, no service worker): sign in, then each screen. */
async function visit(browser: Browser, server: SeededServer, person: number, profile: Profile): Promise<number[]> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // The worker would serve later screens' code from its cache: a first visit has none yet; a
    // return visit has the one its first look installed.
    serviceWorkers: RETURN_VISIT ? 'allow' : 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', profile.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // BENCH_TRACE=1: each request's start and end, from the tap, to see what a screen waits for.
    let tapAt = 0;
    if (process.env.BENCH_TRACE === '1') {
      page.on('requestfinished', (request) => {
        const timing = request.timing();
        const path = new URL(request.url()).pathname;
        const body = request.postData()?.slice(0, 40) ?? '';
        console.log(
          `  ${(timing.startTime - tapAt).toFixed(0).padStart(6)} → ${(timing.startTime + timing.responseEnd - tapAt).toFixed(0).padStart(6)} ms  ${path} ${body}`,
        );
      });
    }
    await page.goto('/signin');
    if (RETURN_VISIT) {
      // Someone who opened the app before: a first look at the form fetched the code, which the
      // browser keeps; then the page is opened afresh.
      await page.getByLabel('Email').fill(server.email(person));
      // The code is kept once the service worker is active: it activates only after its precache is stored.
      await Promise.race([
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the service worker did not keep the app within a minute')), RETURN_VISIT_KEEP_LIMIT_MS).unref(),
        ),
      ]);
      await page.goto('/signin');
    }
    await page.getByLabel('Email').fill(server.email(person));
    await page.getByLabel('Date of Birth').fill(SEEDED_DATE_OF_BIRTH);
    // A person takes seconds to type; what the form loads meanwhile is settled before the tap.
    await page.waitForTimeout(2000);
    const times: number[] = [];
    for (const screen of SCREENS) {
      if (screen.link) {
        // Let what the previous screen started in the background finish, as a reader would.
        await page.waitForTimeout(1500);
        await page.getByRole('button', { name: 'Open menu' }).tap();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        if (screen.group) {
          const group = menu.getByRole('button', { name: screen.group });
          if ((await group.getAttribute('aria-expanded')) === 'false') await group.tap();
        }
        const link = menu.getByRole('link', { name: screen.link, exact: true });
        await link.waitFor();
        const measured = measureInPage(page, screen, person);
        tapAt = Date.now();
        await link.tap();
        times.push(await measured);
        if (process.env.BENCH_TRACE === '1') console.log(`${screen.name}: ${seconds(times.at(-1)!)}`);
      } else {
        const measured = measureInPage(page, screen, person);
        tapAt = Date.now();
        await page.getByRole('button', { name: 'Sign In' }).tap();
        times.push(await measured);
        if (process.env.BENCH_TRACE === '1') console.log(`${screen.name}: ${seconds(times.at(-1)!)}`);
      }
    }
    return times;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const seconds = (ms: number) => (ms < 0 ? 'timeout' : `${(ms / 1000).toFixed(2)} s`);

async function main(): Promise<void> {
  const builds = process.argv.slice(2).filter((arg) => arg !== '--');
  if (builds.length === 0) builds.push('dist/web');
  const wanted = process.env.BENCH_PROFILES?.split(',') ?? PROFILES.map((profile) => profile.name);
  const profiles = PROFILES.filter((profile) => wanted.includes(profile.name));
  console.log(`Mission Control screens under ${profiles.map((profile) => profile.name).join(' and ')} conditions: ${builds.join(' vs ')}`);
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const visits = RETURN_VISIT ? 'code kept by the service worker an earlier look at the sign-in form installed' : 'empty cache, service worker blocked';
  console.log(`${ROUNDS} rounds, ${MISSIONS} missions; each round a new browser context (${visits})\n`);
  const servers: SeededServer[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const webDir of builds) servers.push(await startSeededServer({ port: await freePort(), missions: MISSIONS, votes: VOTES, webDir }));
    for (const [offset, profile] of profiles.entries()) {
      // Each profile has its own people, so none finds another's state on the server.
      await runProfile(browser, servers, builds, profile, offset * ROUNDS);
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

/** ROUNDS visits per build under one profile, then its table. */
async function runProfile(browser: Browser, servers: SeededServer[], builds: string[], profile: Profile, firstPerson: number): Promise<void> {
  console.log(`\n${profile.name}: ${profile.network.latency} ms round trip, ${(profile.network.downloadThroughput * 8) / 1000} kbit/s down`);
  const results = builds.map(() => SCREENS.map((): number[] => []));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, server] of servers.entries()) {
      // A different person each round: no round finds another's state on the server.
      const times = await visit(browser, server, firstPerson + round + 1, profile);
      times.forEach((time, screen) => results[index]![screen]!.push(time));
      console.log(`round ${round + 1}, ${builds[index]}: ${times.map(seconds).join(', ')}`);
    }
  }
  console.log(
    `\nload average at end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  );
  const header = ['screen', `${profile.name} target`, ...builds.flatMap((build) => [`${build} median`, 'worst'])];
  const rows = SCREENS.map((screen, index) => [
    screen.name,
    `≤ ${seconds(screen.link ? profile.target.screen : profile.target.signIn)}`,
    ...results.flatMap((perBuild) => {
      const times = perBuild[index]!;
      const worst = times.some((time) => time < 0) ? -1 : Math.max(...times);
      return [seconds(median(times)), seconds(worst)];
    }),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

await main();
