// What `npm run build` was made from: one hash over every file the build reads. The build writes it
// beside its output (its last step, `node scripts/build-fingerprint.mjs`); `npm start` compares it
// with the sources as they are now and builds again only when they differ.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const INPUTS = ['apps', 'packages', 'scripts', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data']);
export const FINGERPRINT_FILE = join(ROOT, 'dist/build-fingerprint.txt');

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of every build input's path and content, in a stable order. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesUnder(join(ROOT, input))).sort();
  for (const file of files) {
    hash.update(relative(ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The fingerprint the last complete build wrote, or null when there is none. */
export function builtFingerprint() {
  return existsSync(FINGERPRINT_FILE) ? readFileSync(FINGERPRINT_FILE, 'utf8').trim() : null;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(FINGERPRINT_FILE, `${sourceFingerprint()}\n`);
}
