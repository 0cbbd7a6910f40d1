// `npm run build` (scripts/build-server.mjs) runs this: the database a new data folder starts from,
// made once at build time with every migration applied, so the first start on a new folder
// copies it and has nothing to migrate (docs/performance.md#start-up-and-memory).
import { rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { imageManifestPath, migrationManifest, PGLITE_START_PARAMS, pgliteDb } from './db.ts';
import { migrate } from './migrate.ts';
import { tightenTree } from './private-folder.ts';

/** Makes the image (a closed PGlite folder) and, beside it, the list of the migrations it holds. */
export async function makeNewDatabaseImage(image: string): Promise<{ migrations: number }> {
  rmSync(image, { recursive: true, force: true });
  const client = await PGlite.create(image, { startParams: PGLITE_START_PARAMS });
  try {
    const applied = await migrate(pgliteDb(client));
    // Everything on disk, nothing left to replay from the write-ahead log on the first start.
    await client.query('checkpoint');
    writeFileSync(imageManifestPath(image), JSON.stringify(migrationManifest(), null, 2) + '\n');
    return { migrations: applied.length };
  } finally {
    await client.close();
    // PGlite writes its files with its own open modes (0666); a copy keeps the modes it is made from.
    tightenTree(image);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const image = process.argv[2];
  if (!image) throw new Error('usage: new-database-image.ts <folder>');
  const made = await makeNewDatabaseImage(image);
  console.log(`${relative(process.cwd(), image)}: ${made.migrations} migrations applied`);
}
