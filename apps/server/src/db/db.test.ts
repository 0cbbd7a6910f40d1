import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, imageManifestPath, migrationManifest, pgliteDb } from './db.ts';
import { migrate } from './migrate.ts';
import { makeNewDatabaseImage } from './new-database-image.ts';

describe('a new embedded database folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-new-database-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is copied from the build's image when its migrations are the source's, created by PGlite when not, and opens again either way", async () => {
    // An image with a mark to tell where a folder came from, recorded as holding today's migrations.
    const image = join(root, 'new-database');
    const empty = await PGlite.create(image);
    await empty.exec('create table made_from_the_image (n int)');
    await empty.close();
    writeFileSync(imageManifestPath(image), JSON.stringify(migrationManifest()));
    // The same image recorded with a migration that has changed since: not used.
    const stale = join(root, 'stale');
    cpSync(image, stale, { recursive: true });
    writeFileSync(imageManifestPath(stale), JSON.stringify({ ...migrationManifest(), '001_initial': 'a checksum from before' }));
    // A copy cut short: some of the image's files, a damaged one among them, and no PG_VERSION yet.
    const cutShort = join(root, 'cut-short');
    cpSync(join(image, 'global'), join(cutShort, 'global'), { recursive: true });
    writeFileSync(join(cutShort, 'global', 'pg_control'), 'half written');

    for (const [name, source, marked] of [
      ['from-image', image, true],
      ['cut-short', image, true],
      ['from-stale-image', stale, false],
      ['from-initdb', join(root, 'no-image-here'), false],
    ] as const) {
      const folder = join(root, name);
      const created = await createPglite(folder, source);
      const mark = await created.query<{ found: boolean }>(`select to_regclass('made_from_the_image') is not null as found`);
      expect(mark.rows[0]?.found).toBe(marked);
      await created.exec('create table kept (n int); insert into kept values (42)');
      await created.close();
      expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);

      const reopened = await createPglite(folder, source);
      expect((await reopened.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 42 }]);
      await reopened.close();
    }
  });

  it("starts from the build's image with every migration applied and nothing left to migrate", async () => {
    const image = join(root, 'built');
    const made = await makeNewDatabaseImage(image);
    expect(made.migrations).toBe(Object.keys(migrationManifest()).length);
    // Owner-only, so that the copies made of it are too (docs/security.md).
    const open = readdirSync(image, { recursive: true, encoding: 'utf8' }).filter((path) => (statSync(join(image, path)).mode & 0o077) !== 0);
    expect(open).toEqual([]);

    const folder = join(root, 'from-the-build');
    const db = pgliteDb(await createPglite(folder, image));
    try {
      expect(await migrate(db)).toEqual([]);
      const applied = await db.query<{ name: string }>('select name from schema_migrations order by name');
      expect(applied.map((row) => row.name)).toEqual(Object.keys(migrationManifest()));
    } finally {
      await db.close();
    }
  });
});
