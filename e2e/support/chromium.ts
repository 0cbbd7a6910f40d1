import { existsSync } from 'node:fs';

/** Debian's chromium package: the full browser, as people run it. */
const FULL_BROWSER = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same engine without the browser's windowing, which runs the
 * journeys in a quarter to a third less time (docs/performance.md#the-test-suite). It lacks what only the full
 * browser does, such as showing a notification on the device (it always says notifications are
 * denied), so a journey that needs that launches FULL_CHROMIUM_LAUNCH.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A journey's page lives a few seconds: V8's optimising compilers (TurboFan, Maglev) spend CPU on
  // code that would not run long enough to repay it, and its garbage collector's helper threads
  // cost more in coordination than a small heap needs. Without them the journeys take about a
  // sixth less of the machine's CPU; what a page does is the same
  // (docs/decisions/069-journeys-without-optimising-compilers.md).
  '--js-flags=--no-opt --no-maglev --single-threaded-gc',
];

/** How every journey's Chromium is launched (playwright.config.ts): the headless shell when it is installed; `CHROMIUM_PATH` overrides. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER),
  args: ARGS,
};

/** The full browser, for a journey that needs what the headless shell lacks; `CHROMIUM_PATH` overrides. */
export const FULL_CHROMIUM_LAUNCH = { executablePath: process.env.CHROMIUM_PATH ?? FULL_BROWSER, args: ARGS };
