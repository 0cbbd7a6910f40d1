import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/env.ts';
import { CHROMIUM_LAUNCH, FULL_CHROMIUM_LAUNCH } from './e2e/support/chromium.ts';

/** Browser journeys in Debian's Chromium against the real server (see e2e/support/global-setup.ts). */
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${process.env.E2E_PORT}`,
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  fullyParallel: true,
  // Three browsers on the two cores: with two, a fifth of the machine's time went unused while
  // journeys waited on the server, the network or a timer; a third fills it (docs/performance.md#the-test-suite).
  workers: 3,
  retries: 0,
  // A journey signs people in and loads several screens; CI's shared machine runs them about twice
  // as slowly as a developer's (the longest take 30 s here), so a test is stopped as hung only after 2 minutes.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  projects: [
    // In the full browser, as one of them shows a reminder on the device, which the headless shell
    // cannot (e2e/support/chromium.ts). They change the programme on a server of their own, so they
    // run beside the other journeys; first, as their eight run one after another (a worker takes
    // the first project's tests first), so they do not end the run with the other worker idle.
    {
      name: 'programme-editing',
      testMatch: /programme-editing\.spec\.ts/,
      use: { launchOptions: FULL_CHROMIUM_LAUNCH },
    },
    { name: 'journeys', testIgnore: /programme-editing\.spec\.ts/ },
  ],
  use: {
    baseURL: E2E_BASE_URL,
    // Without these, a click whose target never comes, or a load that never ends, waits for the
    // journey's whole time and fails saying only that: a minute is far beyond any step here, and
    // the failure then names the step.
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    // The app shows dates in the person's locale: the journeys read them as in the United States.
    locale: 'en-US',
    // Requests that pass a service worker's fetch handler slip past page.route(), which many
    // journeys use to hold or fail a call; the worker's own journeys (offline.spec.ts) allow it.
    serviceWorkers: 'block',
    // No trace: recording one (a screencast and a DOM snapshot per action) for every journey, to keep
    // only a failing one's, made the whole run a quarter slower (docs/performance.md#the-test-suite).
    // A journey being debugged keeps its trace with `npx playwright test --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
