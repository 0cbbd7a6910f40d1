import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precachePlan } from './scripts/precache-plan.ts';

const contract = fileURLToPath(new URL('./packages/contract/src', import.meta.url));
// Which built files the service worker keeps ahead of use, and which once used (scripts/precache-plan.ts).
const precache = precachePlan();

// One config serves three purposes: the web build (root apps/web, output dist/web),
// the dev server (proxying the API to the Node server) and vitest (its four test projects).
export default defineConfig({
  root: 'apps/web',
  publicDir: 'public',
  plugins: [
    react(),
    // Compiles a language's catalogue (a PO file) when the app imports it (apps/web/src/i18n).
    lingui(),
    tailwindcss(),
    precache.plugin,
    // The service worker and the web app manifest (docs/decisions/018-offline-and-service-worker.md).
    // The app registers the worker itself, after the first screen is up (src/app/offline/), so neither
    // the registration nor workbox-window weighs on /signin.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // index.html is left out on purpose: the server fills in this deployment's configuration,
        // so the worker keeps the page as the server last sent it (network first), not as built.
        globPatterns: ['**/*.{js,css,svg,png,webp,woff2}'],
        globIgnores: ['index.html', '.vite/**'],
        // Each script marked with the language it is for, or as the console's or a projector's:
        // the worker keeps the person's language and the attendee app ahead of use, the rest once used.
        manifestTransforms: [precache.manifestTransform],
      },
      manifest: {
        // The defaults: the server puts this deployment's PRODUCT_NAME in both (apps/server/src/app.ts),
        // and the service worker leaves the manifest out of its precache (src/sw.ts).
        name: 'Mission Control',
        short_name: 'Mission Control',
        description: 'Conference companion: agenda, speakers, your role profile and team missions.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#070b1a',
        theme_color: '#070b1a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/logo.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
    }),
  ],
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
    // dist/web/.vite/manifest.json: which chunk holds which module, for whoever needs to know.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every first screen runs, in one file: the bundler would otherwise split each module
              // the entry shares with a lazy screen into a chunk of its own, and each costs /signin a request.
              name: 'shell',
              test: /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/(query-core|react-query))\/|vite\/preload-helper|\/src\/lib\/(authClient|authRedirect|notify)\.ts/,
            },
            {
              // The frame and fields the sign-in, sign-up and reset screens share, likewise in one file.
              name: 'auth-forms',
              test: /\/src\/features\/auth\/(AuthShell|CredentialFields)\.tsx|\/src\/components\/ui\/TextField\.tsx|\/contract\/src\/messages\.ts/,
            },
          ],
        },
      },
    },
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
    fileParallelism: true,
    maxWorkers: 2,
    // Four lanes (npm run test:unit, test:components, test:server, test:ops); `vitest run` runs them all.
    // Timeouts only stop a hung test: they are generous so a loaded machine is slow, not failing.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure functions: the contract, the web app and the server's *.unit.test.ts (no server started).
          include: ['packages/**/*.test.ts', 'apps/web/**/*.test.ts', 'apps/server/**/*.unit.test.ts'],
          // The files of a worker share the modules they import (the contract, zod, Lingui, TypeScript's
          // parser): loading them once per worker, not once per file, halves the lane's time
          // (docs/performance.md). It holds because these tests keep no state between files: a test that
          // changes something global puts it back (afterEach), and one that needs a module fresh asks
          // for it (vi.resetModules in apps/web/src/lib/network.test.ts).
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Web screens rendered in happy-dom with React Testing Library against a fake server
          // (apps/web/test/screen.tsx; docs/decisions/048-component-tests.md): npm run test:components.
          name: 'components',
          include: ['apps/web/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/components-setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          exclude: ['apps/server/src/ops/**', 'apps/server/**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/build-web.ts', 'apps/server/test/pglite-template.ts'],
          // As in the unit lane, a worker's files share the modules they import (Fastify, PGlite's
          // WebAssembly, the server's own code): about 1.7 s of CPU less per file (docs/performance.md).
          // It holds because every suite starts servers of its own and closes them (test/harness.ts),
          // and no server test mocks a module or changes a global.
          isolate: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // Whole processes: the real `npm start`, backups, exports, several instances at once.
          name: 'ops',
          include: ['apps/server/src/ops/**/*.test.ts'],
          globalSetup: ['apps/server/test/compile-server.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
