// `npm run bench:precache` (after `npm run build`): what a first visit downloads in the background,
// the files the service worker fetches to keep the app for offline use, as the browser receives
// them (compressed body and headers). Chromium opens /signin on a new device in each of the
// languages, waits until the worker is installed and in charge and every request it started has ended, and
// sums them. Pass build folders to compare (each served by its own server):
//   npm run bench:precache                            # dist/web
//   npm run bench:precache -- /tmp/before/web dist/web
// docs/performance.md has the last figures; docs/decisions/063-precache-what-the-person-needs.md why.
import { loadavg } from 'node:os';
import { chromium, type Browser, type Request } from '@playwright/test';
import { condition } from './condition.ts';
import { startSeededServer } from './seeded-server.ts';
import { freePort } from '../apps/server/test/free-port.ts';

/** The browser's language on each first visit: the interface starts in it. */
const LOCALES = (process.env.BENCH_LOCALES ?? 'en-ZA,af-ZA').split(',');

interface Visit {
  files: number;
  bytes: number;
  catalogues: number;
  /** The content encodings the answers came in (brotli where the file has a brotli copy). */
  encodings: string;
}

async function firstVisit(browser: Browser, url: string, locale: string): Promise<Visit> {
  const context = await browser.newContext({ serviceWorkers: 'allow', locale });
  try {
    let files = 0;
    let bytes = 0;
    let catalogues = 0;
    const encodings = new Set<string>();
    const pending = new Set<Promise<void>>();
    // The worker's downloads are over once it controls the page (its install, the precache, is
    // done) and every request it started has ended.
    let started = 0;
    let ended = 0;
    const allEnded = condition(() => ended === started);
    context.on('request', (request) => {
      if (request.serviceWorker()) started += 1;
    });
    const end = (request: Request) => {
      if (!request.serviceWorker()) return;
      ended += 1;
      allEnded.changed();
    };
    context.on('requestfailed', end);
    context.on('requestfinished', (request) => {
      end(request);
      if (!request.serviceWorker()) return;
      const counting = Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
        files += 1;
        encodings.add(response?.headers()['content-encoding'] ?? 'none');
        bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        if (/\/assets\/(en|af|zu|xh)-[\w-]+\.js$/.test(request.url())) catalogues += 1;
      });
      pending.add(counting);
      void counting.finally(() => pending.delete(counting));
    });
    const page = await context.newPage();
    await page.goto(`${url}/signin`);
    await page.getByRole('button').first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    if (!(await allEnded.reached(120_000))) throw new Error(`the service worker's requests did not end: ${ended} of ${started}`);
    await Promise.all(pending);
    return { files, bytes, catalogues, encodings: [...encodings].sort().join(' ') };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const builds = process.argv.slice(2).filter((arg) => arg !== '--');
  if (builds.length === 0) builds.push('dist/web');
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`What a first visit downloads in the background (the service worker's fetches), load average ${load()}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const rows: string[][] = [];
  try {
    for (const webDir of builds) {
      const server = await startSeededServer({ port: await freePort(), missions: 10, webDir });
      try {
        for (const locale of LOCALES) {
          const visit = await firstVisit(browser, server.url, locale);
          rows.push([webDir, locale, String(visit.files), String(visit.catalogues), `${(visit.bytes / 1024).toFixed(1)} KB`, visit.encodings]);
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
  }
  const header = ['build', 'browser language', 'files', 'of them catalogue files', 'transferred', 'encodings'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < 2 || column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column < 2 || column === 5 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(`load average at end: ${load()}`);
}

await main();
