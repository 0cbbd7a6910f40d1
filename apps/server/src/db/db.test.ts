import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite } from './db.ts';

describe('a new embedded database folder', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-new-database-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is unpacked from the build's image when there is one, created by PGlite when not, and opens again either way", async () => {
    // An image as the build makes it (scripts/build-server.mjs), with a mark to tell where a folder came from.
    const empty = await PGlite.create();
    await empty.exec('create table made_from_the_image (n int)');
    const image = join(root, 'new-database.tar.gz');
    writeFileSync(image, Buffer.from(await (await empty.dumpDataDir('gzip')).arrayBuffer()));
    await empty.close();

    for (const [name, source, marked] of [
      ['from-image', image, true],
      ['from-initdb', join(root, 'no-image-here.tar.gz'), false],
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
  }, 60_000);
});
