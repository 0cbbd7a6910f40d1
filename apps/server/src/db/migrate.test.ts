import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { backends, createTestSchema, freePort, startTestServer, type Backend } from '../../test/harness.ts';
import { listMigrations, migrate, migrationChecksum, MigrationChangedError } from './migrate.ts';

describe('migration checksums', () => {
  it('ignore whole-line comments, blank lines and line endings, and nothing else', () => {
    const sql = 'create table t (id int);\n-- a note\n\ncreate index t_idx on t (id);\n';
    expect(migrationChecksum(sql)).toBe(migrationChecksum('-- a corrected note\r\ncreate table t (id int);  \r\ncreate index t_idx on t (id);'));
    expect(migrationChecksum(sql)).not.toBe(migrationChecksum(sql.replace('int', 'bigint')));
    expect(migrationChecksum(sql)).not.toBe(migrationChecksum(sql.replace('int);\n-- a note', 'int); -- a note')));
  });
});

for (const backend of backends) {
  describe(`frozen migrations [${backend}]`, () => {
    it('records a checksum per applied migration and adopts one for rows from before checksums', async () => {
      const server = await startTestServer(backend);
      try {
        const rows = await server.db.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations order by name');
        expect(rows).toEqual(listMigrations().map((migration) => ({ name: migration.name, checksum: migrationChecksum(migration.sql) })));

        // A database migrated before checksums existed (or loaded from db:export) has none yet.
        await server.db.query('update schema_migrations set checksum = null');
        expect(await migrate(server.db)).toEqual([]);
        const adopted = await server.db.query<{ checksum: string | null }>('select checksum from schema_migrations where checksum is null');
        expect(adopted).toEqual([]);
      } finally {
        await server.close();
      }
    });

    it('refuses to migrate and to start when an applied migration changed, naming it', async () => {
      const { env, cleanup } = await sharedDatabase(backend);
      const first = await startServer(loadConfig(env));
      try {
        await first.db.query(`update schema_migrations set checksum = 'checksum of an older edit' where name = '001_initial'`);
        await expect(migrate(first.db)).rejects.toThrow(MigrationChangedError);
        await expect(migrate(first.db)).rejects.toThrow(/^001_initial\.sql changed after it was applied to this database\. Applied migrations are frozen/);
      } finally {
        await first.close();
      }
      try {
        await expect(startServer(loadConfig({ ...env, PORT: String(await freePort()) }))).rejects.toThrow(MigrationChangedError);
      } finally {
        await cleanup();
      }
    });
  });
}

/** A database two servers can open one after the other: a data folder, or a private PostgreSQL schema. */
async function sharedDatabase(backend: Backend): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const base = { PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST_DIR: 'dist/web' };
  if (backend === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'mc-migrate-'));
    return { env: { ...base, DATA_DIR: folder }, cleanup: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const schema = await createTestSchema();
  return { env: { ...base, DATA_DIR: 'memory://', DATABASE_URL: schema.url }, cleanup: () => schema.drop() };
}
