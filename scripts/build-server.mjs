// The server compiled ahead of time (part of `npm run build`): apps/server/src/main.ts, the
// contract it imports and the packages they use become one plain JavaScript file,
// dist/server/main.js, which `npm start` runs with node alone; the operator's commands
// (apps/server/src/ops/commands.ts) the same way become dist/server/ops.js, which `npm run
// organiser`, `backup`, `restore` and `db:export` run (scripts/ops.mjs)
// (docs/decisions/022-compiled-server-and-precompressed-assets.md,
// docs/decisions/045-the-server-bundles-its-packages.md).
// Beside it, dist/server/new-database: an embedded database folder with every migration applied,
// made once here so that the first start on a new data folder copies it instead of creating one
// (PGlite's initdb, about 2 s) and applying the migrations.
import { readFile, rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

const OUT_DIR = resolve('dist/server');
const SOURCES = [resolve('apps/server/src'), resolve('packages/contract/src')];

/**
 * In the bundle every module shares the bundle's import.meta.url. Our modules use theirs to find
 * files beside their source (the migrations, the sample programme) and to tell whether they are the
 * script being run (the ops scripts), so each keeps the URL of its own source file, given relative
 * to the bundle so the checkout may move.
 */
const ownModuleUrl = {
  name: 'own-module-url',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (!SOURCES.some((folder) => path.startsWith(folder + '/'))) return undefined;
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(OUT_DIR, path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

await rm(OUT_DIR, { recursive: true, force: true });
await build({
  // Each its own file, every module it needs inside it.
  entryPoints: { main: 'apps/server/src/main.ts', ops: 'apps/server/src/ops/commands.ts' },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Packages are compiled in too: Node then reads one file instead of resolving and reading
  // hundreds of modules at every start. Left out, and loaded from node_modules as usual, are the
  // packages that read files kept beside their own code while running: PGlite (its WebAssembly
  // and its PostgreSQL files) and the calendar time zones (one file per zone). Lingui and the QR
  // code library are required lazily with createRequire (apps/server/src/i18n/catalogue.ts,
  // auth/totp.ts) and so also stay there. (pino's transports, which run a worker script from
  // beside pino's code, would not work from the bundle; the server's log needs none: it writes JSON
  // lines to standard output.)
  external: ['@electric-sql/pglite', '@touch4it/ical-timezones', 'sharp'],
  // The CommonJS packages compiled into this ES module still call require() for Node's own
  // modules; esbuild's output expects a require function in scope for that.
  banner: { js: "import { createRequire as createRequireForPackages } from 'node:module';\nconst require = createRequireForPackages(import.meta.url);" },
  // The @mc/contract paths of the server's tsconfig.
  tsconfig: 'apps/server/tsconfig.json',
  plugins: [ownModuleUrl],
  logLevel: 'warning',
});
console.log(`build-server: ${relative(process.cwd(), OUT_DIR)}/main.js and ops.js`);

// apps/server/src/db/db.ts looks for it at this path, and uses it only while the migrations beside
// it (new-database.migrations.json) are the ones in the source.
const IMAGE_FOLDER = resolve('dist/server/new-database');
const image = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/db/new-database-image.ts', IMAGE_FOLDER], {
  stdio: ['ignore', 'pipe', 'inherit'],
  encoding: 'utf8',
});
if (image.status !== 0) throw new Error(`build-server: could not make ${relative(process.cwd(), IMAGE_FOLDER)}`);
console.log(`build-server: ${image.stdout.trim()}`);
