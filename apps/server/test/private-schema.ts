import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface PrivateSchema {
  /** baseUrl with `search_path` set to the new schema, so every connection lands in it. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh schema on a PostgreSQL server, for a test suite or a benchmark run that must not see
 * (or leave behind) anyone else's rows. Our SQL never names a schema, so the URL is all it takes.
 */
export async function createPrivateSchema(baseUrl: string, prefix: string): Promise<PrivateSchema> {
  const schema = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`drop schema if exists ${schema} cascade`) };
}
