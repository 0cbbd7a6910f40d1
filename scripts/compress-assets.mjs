// Part of `npm run build`, after `vite build`: every text file of the built web app gets a brotli
// (.br) and a gzip (.gz) copy beside it, made once at the highest levels, so the server sends the
// smallest form a browser accepts without compressing anything per request
// (docs/decisions/022-compiled-server-and-precompressed-assets.md). index.html and the web app
// manifest are left out: the server writes this deployment's configuration into them.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST = process.env.WEB_DIST_DIR ?? 'dist/web';
// .wasm is not text, but the door's QR reader compresses to a third of its size.
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|wasm)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    // .vite holds the build manifest, which is read by scripts, never served.
    if (entry.isDirectory() && entry.name !== '.vite') yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const started = Date.now();
let raw = 0;
let brotliBytes = 0;
let count = 0;
const work = [];
for await (const path of files(DIST)) {
  if (!TEXT.test(path)) continue;
  work.push(
    (async () => {
      const bytes = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      // A tiny file can come out larger; then the server sends it as it is.
      if (br.length < bytes.length) await writeFile(`${path}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${path}.gz`, gz);
      raw += bytes.length;
      brotliBytes += Math.min(br.length, bytes.length);
      count += 1;
    })(),
  );
}
await Promise.all(work);
console.log(
  `compress-assets: ${count} files in ${DIST}, ${(raw / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
