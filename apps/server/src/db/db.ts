import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What every procedure needs from the database: parameterised SQL, rows back. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); commits on success, rolls back on throw. */
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

async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir);
  const run = async <Row>(target: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]): Promise<Row[]> =>
    (await target.query<Row>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(client, sql, params),
    exec: async (sql) => {
      await client.exec(sql);
    },
    // PGlite has one connection; its transaction() queues other callers until this one ends.
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: () => client.close(),
  };
}

/**
 * Our SQL texts are constants with parameters, so each gets a statement name: PostgreSQL then
 * parses and plans it once per connection instead of on every call (the vote spike runs one
 * statement thousands of times a second). Bounded, so a dynamically built text can never grow it.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;

function namedQuery(sql: string, params?: readonly unknown[]): pg.QueryConfig {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `mc_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { text: sql, values: params ? [...params] : [], ...(name ? { name } : {}) };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const check = await pool.connect();
  check.release();
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params?: readonly unknown[]) {
      const result = await pool.query(namedQuery(sql, params));
      return result.rows as Row[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
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
    },
    close: () => pool.end(),
  };
}

/** The SQLSTATE of a database error, from either driver. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}
