// Gathers, after `npm run build`, what the compiled server reads while it runs into one folder, laid
// out as in the checkout: the Containerfile's runtime stage copies that folder and nothing else.
// Usage: node scripts/containers/runtime-files.mjs <target folder>
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The packages the compiled server loads from node_modules: the build leaves PGlite and the
 * calendar time zones out of the bundle (scripts/build-server.mjs, `external`), and the server
 * requires Lingui, the QR code library and nodemailer lazily with createRequire
 * (docs/decisions/045-the-server-bundles-its-packages.md).
 */
const RUNTIME_PACKAGES = [
  '@electric-sql/pglite',
  '@touch4it/ical-timezones',
  '@lingui/core',
  '@lingui/format-po',
  '@lingui/message-utils',
  'qrcode',
  'nodemailer',
  // The update photos' re-encoding: its own libvips build (@img/sharp-*) sits beside it.
  'sharp',
];

/** Files the server reads beside its sources (through its modules' own URLs, kept in the bundle). */
const FILES = [
  'dist/server',
  'dist/web',
  'apps/server/src/db/migrations',
  'apps/server/src/i18n/locales',
  // The web app's catalogues: the messages organisers may correct (features/translations).
  'apps/web/src/i18n/locales',
  'apps/web/src/features/conference/content/agenda.json',
  'apps/web/src/features/conference/content/speakers.json',
];

/**
 * The operator's commands compiled beside the server (`npm run organiser` and the others): they run
 * from a checkout of the same version (docs/deploy.md), not in the image.
 */
const OPERATOR_COMMANDS = join(ROOT, 'dist/server/ops.js');

/** Only for building, reading or testing the code: type declarations, source maps, the packages' own tests. */
const NOT_NEEDED_TO_RUN = /(\.d\.[cm]?ts|\.[cm]?js\.map|\.css\.map|\.(test|spec)\.[cm]?js)$|\/node_modules\/.*\/(tests?|__tests__)$/;

/** Where Node finds `name` from the package at `from` (a lock-file location): the nearest node_modules. */
function locate(lock, from, name) {
  for (let folder = from; ; folder = parentPackage(folder)) {
    const candidate = folder ? `${folder}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!folder) return undefined;
  }
}

function parentPackage(location) {
  const at = location.lastIndexOf('/node_modules/');
  return at === -1 ? '' : location.slice(0, at);
}

/** Every package location the runtime packages need, following dependencies as Node resolves them. */
function packageClosure(lock, names) {
  const found = new Set();
  const visit = (from, name, optional) => {
    const location = locate(lock, from, name);
    // An optional package for another platform (sharp's @img/sharp-darwin-arm64 on Linux) is in the
    // lock file but was never installed: there is nothing to copy, and this platform does not need it.
    if (!location || (optional && !existsSync(join(ROOT, location)))) {
      if (optional) return;
      throw new Error(`runtime-files: ${name} (needed from ${from || 'the root'}) is not in package-lock.json`);
    }
    if (found.has(location)) return;
    found.add(location);
    const entry = lock.packages[location];
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(location, dependency, false);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) visit(location, dependency, true);
    for (const [dependency] of Object.entries(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[dependency]?.optional) visit(location, dependency, false);
    }
  };
  for (const name of names) visit('apps/server', name, false);
  return [...found].sort();
}

/** The packages the bundle imports statically: each must be one the image carries. */
function checkBundleImports(bundle) {
  const imported = [...bundle.matchAll(/^import [^;]*? from "([^"]+)";?$/gm)].map((match) => match[1]);
  const packages = imported.filter((specifier) => !specifier.startsWith('node:') && !/^[a-z_]+$/.test(specifier));
  const missing = packages.filter((specifier) => !RUNTIME_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)));
  if (missing.length > 0) throw new Error(`runtime-files: dist/server/main.js imports ${missing.join(', ')}; add them to RUNTIME_PACKAGES`);
}

function copyFolder(from, to) {
  cpSync(from, to, { recursive: true, filter: (source) => !NOT_NEEDED_TO_RUN.test(source) && source !== OPERATOR_COMMANDS });
}

function main(target) {
  if (!target) throw new Error('usage: node scripts/containers/runtime-files.mjs <target folder>');
  const bundle = join(ROOT, 'dist/server/main.js');
  if (!existsSync(bundle)) throw new Error('runtime-files: run `npm run build` first');
  checkBundleImports(readFileSync(bundle, 'utf8'));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  for (const path of FILES) copyFolder(join(ROOT, path), join(target, path));
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const locations = packageClosure(lock, RUNTIME_PACKAGES);
  for (const location of locations) {
    // A nested package is copied with its parent's folder already; copy only its own files.
    mkdirSync(dirname(join(target, location)), { recursive: true });
    cpSync(join(ROOT, location), join(target, location), {
      recursive: true,
      filter: (source) => !NOT_NEEDED_TO_RUN.test(source) && !relative(join(ROOT, location), source).startsWith('node_modules'),
    });
  }
  // The compiled server is an ES module in a .js file: Node reads that from the nearest package.json.
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(join(target, 'package.json'), `${JSON.stringify({ name, version, private: true, type: 'module' }, null, 2)}\n`);
  console.log(`runtime-files: ${target}: ${FILES.length} parts of the build and sources, ${locations.length} packages`);
}

main(process.argv[2]);
