import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.ts';

/**
 * `npm run screenshots`: pictures of every screen at 1280 and 390 px, in the dark and the light
 * theme, written to screenshots/ (git-ignored). The same built app, server and browser as the
 * journeys (e2e/support/global-setup.ts); only e2e/screenshots.shots.ts runs.
 */
export default defineConfig({
  ...baseConfig,
  testMatch: /screenshots\.shots\.ts/,
  projects: [{ name: 'screenshots' }],
  outputDir: `test-results/screenshots-${process.env.E2E_PORT}`,
  workers: 1,
  timeout: 300_000,
  use: { ...baseConfig.use, trace: 'off', screenshot: 'off' },
});
