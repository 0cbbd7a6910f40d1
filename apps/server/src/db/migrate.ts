import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  name: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(migrationsDir + file, 'utf8') }));
}

/**
 * What a migration did, as a SHA-256: its SQL with whole-line `--` comments, trailing spaces,
 * blank lines and line endings left out. A comment may still be corrected after the file is
 * applied; any change to a statement changes the checksum (docs/decisions/006-frozen-migrations.md).
 */
export function migrationChecksum(sql: string): string {
  const statements = sql
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.trimStart().startsWith('--'))
    .join('\n');
  return createHash('sha256').update(statements, 'utf8').digest('hex');
}

/** An applied migration whose file no longer says what was applied: the server does not start. */
export class MigrationChangedError extends Error {
  override readonly name = 'MigrationChangedError';
  constructor(readonly migrations: readonly string[]) {
    super(
      `${migrations.map((name) => `${name}.sql`).join(', ')} changed after ${migrations.length === 1 ? 'it was' : 'they were'} applied to this database. ` +
        'Applied migrations are frozen: restore the file as it was and make the change in a new migration ' +
        '(docs/decisions/006-frozen-migrations.md).',
    );
  }
}

/**
 * Checks every applied migration against its file, before anything new is applied. Rows from
 * before checksums were kept (or loaded by db:export, which writes names only) take the file's
 * checksum once; from then on it is fixed.
 */
async function assertAppliedUnchanged(tx: Queryable, migrations: readonly Migration[]): Promise<Set<string>> {
  const files = new Map(migrations.map((migration) => [migration.name, migrationChecksum(migration.sql)]));
  const applied = await tx.query<{ name: string; checksum: string | null }>('select name, checksum from schema_migrations order by name');
  const changed: string[] = [];
  for (const row of applied) {
    const file = files.get(row.name);
    // A migration this version does not know came from a newer version; it cannot be compared.
    if (file === undefined) continue;
    if (row.checksum === null) await tx.query('update schema_migrations set checksum = $2 where name = $1', [row.name, file]);
    else if (row.checksum !== file) changed.push(row.name);
  }
  if (changed.length) throw new MigrationChangedError(changed);
  return new Set(applied.map((row) => row.name));
}

/**
 * Applies pending migrations in one transaction under an advisory lock, so several instances
 * starting together on one PostgreSQL apply each migration exactly once. Refuses (and applies
 * nothing) when an applied migration's file has changed. Returns the names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('mission-control-migrations:' || current_schema()))`);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    await tx.query('alter table schema_migrations add column if not exists checksum text');
    const migrations = listMigrations();
    const done = await assertAppliedUnchanged(tx, migrations);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [migration.name, migrationChecksum(migration.sql)]);
      applied.push(migration.name);
    }
    return applied;
  });
}
