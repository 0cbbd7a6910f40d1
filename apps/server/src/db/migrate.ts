import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

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
 * Applies pending migrations in one transaction under an advisory lock, so several instances
 * starting together on one PostgreSQL apply each migration exactly once. Returns the names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('mission-control-migrations:' || current_schema()))`);
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name));
    const applied: string[] = [];
    for (const migration of listMigrations()) {
      if (done.has(migration.name)) continue;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [migration.name]);
      applied.push(migration.name);
    }
    return applied;
  });
}
