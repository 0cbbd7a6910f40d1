// `npm run build` (scripts/build-server.mjs) runs this: the database a new data folder starts from,
// made once at build time with every migration applied, so the first start on a new folder
// unpacks it and has nothing to migrate (docs/performance.md#start-up-and-memory).
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { imageManifestPath, migrationManifest, PGLITE_START_PARAMS, pgliteDb } from './db.ts';
import { migrate } from './migrate.ts';

/** Writes the image (a gzipped tar of the database folder) and, beside it, the migrations it holds. */
export async function makeNewDatabaseImage(image: string): Promise<{ bytes: number; migrations: number }> {
  const client = await PGlite.create(undefined, { startParams: PGLITE_START_PARAMS });
  try {
    const applied = await migrate(pgliteDb(client));
    // Everything on disk, nothing left to replay from the write-ahead log on the first start.
    await client.query('checkpoint');
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    writeFileSync(image, bytes);
    writeFileSync(imageManifestPath(image), JSON.stringify(migrationManifest(), null, 2) + '\n');
    return { bytes: bytes.length, migrations: applied.length };
  } finally {
    await client.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const image = process.argv[2];
  if (!image) throw new Error('usage: new-database-image.ts <file.tar.gz>');
  const made = await makeNewDatabaseImage(image);
  console.log(`${relative(process.cwd(), image)}: ${made.migrations} migrations applied, ${(made.bytes / 2 ** 20).toFixed(1)} MiB`);
}
