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
  await runOnce(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => dropPrivateSchema(url.toString()) };
}

/** Drops the schema a URL of createPrivateSchema lands in, with its rows; for whoever kept only the URL. */
export async function dropPrivateSchema(url: string): Promise<void> {
  const schema = /search_path=(\w+)/.exec(new URL(url).searchParams.get('options') ?? '')?.[1];
  if (!schema) throw new Error('not a private schema URL: it names no search_path');
  await runOnce(url, `drop schema if exists ${schema} cascade`);
}

async function runOnce(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
