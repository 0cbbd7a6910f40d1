// Page-weight budget (run after `npm run build`, and by `npm test` right after the build step):
// the JavaScript a phone downloads for /signin, measured the way it arrives. The compiled server
// (dist/server/main.js) serves the build on a throw-away database; Chromium opens /signin and the
// bytes of every script it fetches are summed as the network delivered them (compressed body and
// headers, DevTools' "transferred"), until the sign-in form is up and the network has been quiet
// for half a second. Budget: 110 KB. With CHECK_BUNDLE_URL set it weighs a server already running
// there instead (to compare builds).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const BUDGET_KB = 110;
const SERVER = 'dist/server/main.js';

function fail(message) {
  console.error(`check-bundle: ${message}`);
  process.exitCode = 1;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-budget-'));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every response the page received, with the bytes the network delivered for it. */
async function loadSignIn(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // A first visit: nothing cached, no service worker yet.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const requests = new Map();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      requests.set(requestId, { type, url: response.url, encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? 'none' });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.transferred = encodedDataLength;
    });
    await page.goto(`${url}/signin`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    return [...requests.values()].filter((request) => request.transferred !== undefined);
  } finally {
    await browser.close();
  }
}

if (process.env.CHECK_BUNDLE_URL) {
  report(await loadSignIn(process.env.CHECK_BUNDLE_URL));
} else if (!existsSync(SERVER) || !existsSync('dist/web/index.html')) {
  fail(`${SERVER} or dist/web is missing: run npm run build first`);
} else {
  const server = await startServer();
  try {
    report(await loadSignIn(server.url));
  } finally {
    await server.stop();
  }
}

function report(responses) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const scripts = responses.filter((response) => response.type === 'Script').sort((a, b) => b.transferred - a.transferred);
  const total = scripts.reduce((sum, response) => sum + response.transferred, 0);
  const everything = responses.reduce((sum, response) => sum + response.transferred, 0);
  console.log('JavaScript /signin downloads in Chromium (transferred: compressed body and headers):');
  for (const script of scripts) console.log(`  ${kb(script.transferred).padStart(7)} KB  ${script.encoding.padEnd(4)}  ${new URL(script.url).pathname}`);
  console.log(
    `  total ${kb(total)} KB in ${scripts.length} scripts; budget ${BUDGET_KB} KB. Everything the page fetched: ${kb(everything)} KB in ${responses.length} responses.`,
  );
  if (scripts.length === 0) fail('no script was fetched: is the sign-in page still the built web app?');
  else if (total > BUDGET_KB * 1024) fail(`/signin downloads ${kb(total)} KB of JavaScript, over the ${BUDGET_KB} KB budget`);
  else console.log('check-bundle: within budget');
}
