import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { migrationManifest, PGLITE_START_PARAMS, pgliteDb } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { repoRoot } from './process-harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of an embedded database with every migration applied (see below); unset outside the server lane. */
    pgliteTemplate?: string;
  }
}

/**
 * The server lane's global set-up: one embedded database, created and migrated once, kept as a tar
 * (PGlite's dumpDataDir), from which every test server on PGlite starts (apps/server/test/harness.ts).
 * Creating an embedded database (PGlite's initdb) costs about 2 s of CPU and the migrations a few
 * hundred milliseconds more; loading the tar costs about 0.4 s (docs/performance.md#the-test-suite).
 *
 * The file is named by what it holds (each migration's checksum, PGlite's version and start
 * parameters), so a changed or added migration makes a new one and an unchanged one is reused.
 */
export default async function makePgliteTemplate({ provide }: TestProject): Promise<void> {
  const pgliteVersion = (JSON.parse(readFileSync(join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify({ migrations: migrationManifest(), pgliteVersion, PGLITE_START_PARAMS }))
    .digest('hex')
    .slice(0, 16);
  const file = join(tmpdir(), `mc-test-pglite-template-${key}.tar`);
  if (!existsSync(file)) {
    const client = await PGlite.create(undefined, { startParams: PGLITE_START_PARAMS });
    try {
      await migrate(pgliteDb(client));
      await client.query('checkpoint');
      const tar = await client.dumpDataDir('none');
      // Written whole, then renamed: a run cut short, or another run beside this one, never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await tar.arrayBuffer()), { mode: 0o600 });
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  provide('pgliteTemplate', file);
}
