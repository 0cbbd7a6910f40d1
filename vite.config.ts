import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('./packages/contract/src', import.meta.url));

// One config serves three purposes: the web build (root apps/web, output dist/web),
// the dev server (proxying the API to the Node server) and vitest (server and contract tests).
export default defineConfig({
  root: 'apps/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^@mc\/contract$/, replacement: `${contract}/index.ts` },
      { find: /^@mc\/contract\/(.*)$/, replacement: `${contract}/$1` },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: scripts/check-bundle.mjs reads it to weigh what /signin loads.
    manifest: true,
  },
  server: {
    proxy: {
      '/auth/v1': 'http://localhost:3000',
      '/rest/v1': 'http://localhost:3000',
      '/demo-survey': 'http://localhost:3000',
    },
  },
  test: {
    root: '.',
    include: ['apps/server/**/*.test.ts', 'packages/**/*.test.ts', 'apps/web/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
