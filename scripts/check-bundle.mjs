// Page-weight budget (run after `npm run build`, and by `npm test` right after the build step):
// the JavaScript /signin needs before a person can use it must stay under 150 KB gzipped.
// That is the entry script of dist/web/index.html, every chunk it imports statically, and the
// lazily loaded sign-in screen with its own static imports, as dist/web/.vite/manifest.json says.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.env.WEB_DIST_DIR ?? 'dist/web';
const BUDGET_KB = 150;
const SIGN_IN_ROUTE = 'src/features/auth/SignInPage.tsx';

function fail(message) {
  console.error(`check-bundle: ${message}`);
  process.exit(1);
}

const manifestFile = join(DIST, '.vite', 'manifest.json');
const indexFile = join(DIST, 'index.html');
if (!existsSync(manifestFile) || !existsSync(indexFile)) fail(`${manifestFile} or ${indexFile} is missing: run npm run build first (vite.config.ts sets build.manifest)`);

/** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const html = readFileSync(indexFile, 'utf8');

const entryScripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g)].map((match) => match[1]);
if (entryScripts.length === 0) fail('no module script in index.html');
const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
const entryKeys = entryScripts.map((file) => keyByFile.get(file) ?? fail(`index.html loads ${file}, which the manifest does not list`));
if (!manifest[SIGN_IN_ROUTE]) fail(`the manifest has no chunk for ${SIGN_IN_ROUTE} (is the sign-in screen still lazily loaded from there?)`);

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function withStaticImports(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    withStaticImports(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const needed = withStaticImports([...entryKeys, SIGN_IN_ROUTE]);
const rows = [...needed].map((key) => {
  const file = manifest[key].file;
  const bytes = readFileSync(join(DIST, file));
  return { key, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const totalRaw = rows.reduce((sum, row) => sum + row.raw, 0);
const css = [...new Set([...needed].flatMap((key) => manifest[key].css ?? []))];
const cssGzip = css.reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);

console.log('JavaScript /signin needs before it is usable (gzipped):');
for (const row of rows) console.log(`  ${kb(row.gzip).padStart(7)} KB  (${kb(row.raw).padStart(7)} KB raw)  ${row.file}  [${row.key}]`);
console.log(`  total ${kb(total)} KB gzipped (${kb(totalRaw)} KB raw) in ${rows.length} files; budget ${BUDGET_KB} KB. CSS alongside: ${kb(cssGzip)} KB gzipped.`);
if (total > BUDGET_KB * 1024) fail(`/signin needs ${kb(total)} KB of gzipped JavaScript, over the ${BUDGET_KB} KB budget`);
console.log('check-bundle: within budget');
