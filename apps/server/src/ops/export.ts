import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { createPglite } from '../db/db.ts';
import { listMigrations } from '../db/migrate.ts';
import { OpsError, timestamp } from './cli.ts';
import { folderHolder, newControlToken, removeControlFile, writeControlFile } from './control.ts';

/**
 * `npm run db:export [file.sql]`: the embedded database as a psql script that, loaded into an empty
 * PostgreSQL database, gives a server started with DATABASE_URL the same users, sessions,
 * missions and votes. The schema is the same migrations the server runs (recorded as applied),
 * the rows are PostgreSQL's own COPY text, and the identity sequences continue where they were.
 */
export async function exportDatabase(config: Config, args: string[]): Promise<string> {
  if (config.DATABASE_URL) throw new OpsError('DATABASE_URL is set: this exports the embedded database; unset it and point DATA_DIR at the data folder');
  const dataDir = resolve(config.DATA_DIR);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new OpsError(`there is no embedded database in ${dataDir} (set DATA_DIR to the server's data folder)`);
  const holder = folderHolder(dataDir);
  if (holder) throw new OpsError(`a server (pid ${holder.pid}) is running on ${dataDir}; stop it first (or export a restored backup)`);
  const target = resolve(args[0] ?? `mission-control-${timestamp()}.sql`);
  if (existsSync(target)) throw new OpsError(`${target} already exists; name another file`);

  const token = newControlToken();
  writeControlFile(dataDir, { pid: process.pid, url: null, token, startedAt: new Date().toISOString() });
  let dump: string;
  let tables: number;
  try {
    const pg = await createPglite(dataDir);
    try {
      ({ dump, tables } = await dumpDatabase(pg));
    } finally {
      await pg.close();
    }
  } finally {
    removeControlFile(dataDir, token);
  }
  // Password hashes and personal data: owner-only.
  writeFileSync(target, dump, { mode: 0o600, flag: 'wx' });
  return [
    `Exported ${tables} tables from ${dataDir} to ${target}.`,
    'Load it into an empty PostgreSQL database:',
    `  psql "$DATABASE_URL" --set ON_ERROR_STOP=1 --file ${target}`,
    'then start every instance with DATABASE_URL and the same signing key, so signed-in people stay signed in:',
    `  JWT_PRIVATE_KEY="$(cat ${join(dataDir, 'signing-key.json')})"`,
  ].join('\n');
}

interface Migrated {
  name: string;
  applied_at: string;
}

export async function dumpDatabase(pg: PGlite): Promise<{ dump: string; tables: number }> {
  const applied = (await pg.query<Migrated>(`select name, applied_at::text as applied_at from schema_migrations order by name`)).rows;
  const known = new Map(listMigrations().map((migration) => [migration.name, migration.sql]));
  const out: string[] = [
    `-- Mission Control: the embedded database exported for PostgreSQL on ${new Date().toISOString()}.`,
    '-- Load into an EMPTY database (or schema, via search_path): psql "$DATABASE_URL" --set ON_ERROR_STOP=1 --file <this file>',
    '-- It holds password hashes and personal data: keep it private, delete it when done.',
    '\\set ON_ERROR_STOP on',
    "set client_encoding = 'UTF8';",
    'set standard_conforming_strings = on;',
    'begin;',
    '',
  ];
  for (const migration of applied) {
    const sql = known.get(migration.name);
    if (sql === undefined) throw new OpsError(`the data was migrated by a newer version (${migration.name} is unknown here); export with that version`);
    out.push(`-- migration ${migration.name}`, sql.trimEnd(), '');
  }
  out.push(
    'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());',
    ...applied.map((migration) => `insert into schema_migrations (name, applied_at) values (${literal(migration.name)}, ${literal(migration.applied_at)});`),
    '',
  );

  const tables = await tablesInLoadOrder(pg);
  if (tables.length) {
    // Rows a migration may have seeded are replaced by the exported ones.
    out.push(`truncate table ${tables.map(ident).join(', ')};`, '');
  }
  for (const table of tables) {
    const columns = (
      await pg.query<{ attname: string }>(
        `select attname from pg_attribute
          where attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
            and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [table],
      )
    ).rows.map((row) => ident(row.attname));
    const copy = `copy ${ident(table)} (${columns.join(', ')})`;
    const result = await pg.query(`${copy} to '/dev/blob'`);
    const rows = result.blob ? await result.blob.text() : '';
    // The rows arrive as they were, counts included: the tables' own triggers (which keep the missions'
    // vote and subscription counts) must not count them again. The script created these tables, so it
    // owns them and may switch their triggers off for the load.
    out.push(`alter table ${ident(table)} disable trigger user;`, `${copy} from stdin;`, rows + '\\.', `alter table ${ident(table)} enable trigger user;`, '');
  }

  const sequences = (
    await pg.query<{ sequencename: string; last_value: string }>(
      `select sequencename, last_value::text as last_value from pg_sequences where schemaname = current_schema() and last_value is not null order by sequencename`,
    )
  ).rows;
  for (const sequence of sequences) out.push(`select setval(${literal(ident(sequence.sequencename))}, ${Number(sequence.last_value)}, true);`);
  out.push('commit;', '');
  return { dump: out.join('\n'), tables: tables.length };
}

/** The schema's tables, every table after the tables its foreign keys point at. */
async function tablesInLoadOrder(pg: PGlite): Promise<string[]> {
  const names = (
    await pg.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> 'schema_migrations'
        order by c.relname`,
    )
  ).rows.map((row) => row.relname);
  const edges = (
    await pg.query<{ child: string; parent: string }>(
      `select child.relname as child, parent.relname as parent
         from pg_constraint k
         join pg_class child on child.oid = k.conrelid
         join pg_class parent on parent.oid = k.confrelid
         join pg_namespace n on n.oid = k.connamespace
        where k.contype = 'f' and n.nspname = current_schema() and k.conrelid <> k.confrelid`,
    )
  ).rows;
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new OpsError(`foreign keys form a cycle through ${table}; cannot order the export`);
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && names.includes(edge.parent)) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const name of names) visit(name);
  return ordered;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
