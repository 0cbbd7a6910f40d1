import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Pool, QueryConfig } from 'pg';
import { listMigrations, migrationChecksum } from './migrate.ts';
import { makeFolderPrivate, tightenTree } from './private-folder.ts';

/** What every procedure needs from the database: parameterised SQL, rows back. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in one transaction (READ COMMITTED); commits on success, rolls back on throw. A
   * transaction the database aborts as deadlocked or unserialisable runs again from the start
   * (`retryAborted`), so fn must keep its effects outside the database until it returns.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** A folder for the embedded database, or "memory://" for a throw-away one. */
  dataDir: string;
  poolSize?: number;
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory and, once
 * touched, stay resident for the life of the process. A conference's database is a few tens of
 * megabytes and the operating system caches its files as well, so 32 MB holds what is hot.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * The embedded database in a folder, owner-only (docs/security.md): a copy of the build's image,
 * whose files are owner-only, or new files under a 0077 umask (the initdb child inherits it); and,
 * once it has opened, one walk that tightens what was there before and what PGlite wrote with its
 * own open modes.
 */
export async function createPglite(dataDir: string, image: string = NEW_DATABASE_IMAGE): Promise<PGlite> {
  if (dataDir.startsWith('memory://')) return PGlite.create(undefined, { startParams: PGLITE_START_PARAMS });
  makeFolderPrivate(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (imageMatchesMigrations(image)) copyImage(image, dataDir);
    else await createPgliteFolder(dataDir);
  }
  const client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  tightenTree(dataDir);
  return client;
}

async function openPglite(dataDir: string): Promise<Db> {
  return pgliteDb(await createPglite(dataDir));
}

/** An open PGlite as the Db interface. */
export function pgliteDb(client: PGlite): Db {
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]): Promise<Row[]> =>
    (await target.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => retryAborted(() => run(client, sql, params)),
    exec: async (sql) => {
      await client.exec(sql);
    },
    // PGlite has one connection; its transaction() queues other callers until this one ends.
    transaction: (fn) =>
      retryAborted(() =>
        client.transaction((tx) =>
          fn({
            query: (sql, params) => run(tx, sql, params),
            exec: async (sql) => {
              await tx.exec(sql);
            },
          }),
        ),
      ),
    close: () => client.close(),
  };
}

/**
 * The database `npm run build` makes (new-database-image.ts): a PGlite folder with every migration
 * applied. A new folder is a copy of it (a few hundred milliseconds) and starts with nothing to
 * migrate; without it (the server run from source before any build) PGlite creates the database
 * itself (initdb, about 2 s) and the server applies the migrations.
 */
const NEW_DATABASE_IMAGE = fileURLToPath(new URL('../../../../dist/server/new-database', import.meta.url));

/** Beside an image: the migrations applied in it, by name, with their checksums. */
export function imageManifestPath(image: string): string {
  return `${image}.migrations.json`;
}

/** Each migration file's checksum, by name: what an image records, and what it must match. */
export function migrationManifest(): Record<string, string> {
  return Object.fromEntries(listMigrations().map((migration) => [migration.name, migrationChecksum(migration.sql)]));
}

/**
 * An image is used only when it holds exactly the migrations the files say now. One built before
 * a migration was added or changed (the server run from source after editing one) would make the
 * server refuse a changed migration, so such a folder is created by PGlite and migrated instead.
 */
function imageMatchesMigrations(image: string): boolean {
  if (!existsSync(image)) return false;
  try {
    const recorded: unknown = JSON.parse(readFileSync(imageManifestPath(image), 'utf8'));
    return JSON.stringify(recorded) === JSON.stringify(migrationManifest());
  } catch {
    return false;
  }
}

/**
 * Copies the image into a new folder, PG_VERSION last: a folder is taken for a database once that
 * file is there, so a copy cut short (a crash, a full disk) is simply made again at the next start.
 */
function copyImage(image: string, dataDir: string): void {
  const copyTree = (from: string, to: string): void => {
    mkdirSync(to, { recursive: true, mode: 0o700 });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) copyTree(join(from, entry.name), join(to, entry.name));
      else if (from !== image || entry.name !== 'PG_VERSION') copyFileSync(join(from, entry.name), join(to, entry.name));
    }
  };
  copyTree(image, dataDir);
  copyFileSync(join(image, 'PG_VERSION'), join(dataDir, 'PG_VERSION'));
}

/**
 * Creating a database (PGlite's initdb) peaks at about 600 MB and leaves the process holding some
 * 150 MB it never gives back to the system. So without an image a new folder is made by a
 * short-lived child process, and the server then opens it as it opens any other.
 */
async function createPgliteFolder(dataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dataDir)}, { startParams: ${JSON.stringify(PGLITE_START_PARAMS)} })
    .then((db) => db.close())
    .catch((error) => { console.error(error instanceof Error ? error.message : String(error)); process.exitCode = 1; });`;
  const child = spawn(process.execPath, ['--eval', script], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`could not create the embedded database in ${dataDir}: ${errors.join('').trim() || `exit code ${String(code)}`}`);
}

/**
 * Our SQL texts are constants with parameters, so each gets a statement name: PostgreSQL then
 * parses and plans it once per connection instead of on every call (the vote spike runs one
 * statement thousands of times a second). Bounded, so a dynamically built text can never grow it.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;

function namedQuery(sql: string, params?: readonly unknown[]): QueryConfig {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `mc_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { text: sql, values: params ? [...params] : [], ...(name ? { name } : {}) };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Db> {
  // Loaded here, not at start: a server on the embedded database never needs it.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const check = await pool.connect();
  check.release();
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params?: readonly unknown[]) {
      // A statement outside a transaction is one of its own: aborted, it wrote nothing and runs again.
      const result = await retryAborted(() => pool.query(namedQuery(sql, params)));
      return result.rows as Row[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    transaction: (fn) => retryAborted(() => postgresTransaction(pool, fn)),
    close: () => pool.end(),
  };
}

/** One attempt at fn in a transaction on a connection of the pool. */
async function postgresTransaction<T>(pool: Pool, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const value = await fn({
      async query<Row>(sql: string, params?: readonly unknown[]) {
        const result = await client.query(namedQuery(sql, params));
        return result.rows as Row[];
      },
      async exec(sql) {
        await client.query(sql);
      },
    });
    await client.query('commit');
    return value;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * What the database answers when it aborts a transaction that did nothing wrong: a deadlock
 * (40P01) or, at a stricter isolation level, a serialization failure (40001). It rolled back
 * everything, so running the transaction again is safe (docs/ARCHITECTURE.md#lock-order).
 */
export const ABORTED_TRANSACTION_STATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/** How many times a transaction is tried in all before its abort reaches the caller (as "too busy", http/errors.ts). */
export const TRANSACTION_ATTEMPTS = 5;

/**
 * Runs attempt, and again after a short random wait while the database aborts it as deadlocked or
 * unserialisable, up to TRANSACTION_ATTEMPTS in all. The wait grows with each try and is random so
 * that the two transactions that met do not meet again in step.
 */
export async function retryAborted<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const state = sqlState(error);
      if (tried >= TRANSACTION_ATTEMPTS || state === undefined || !ABORTED_TRANSACTION_STATES.has(state)) throw error;
    }
    const waitMs = Math.random() * 10 * 2 ** tried;
    await sleep(waitMs);
  }
}

/** The SQLSTATE of a database error, from either driver. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}
