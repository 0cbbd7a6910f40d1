import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import WebSocket from 'ws';
import { createClient, type RealtimeClientOptions, type SupabaseClient, type Session, type User } from '@supabase/supabase-js';
import { encodeDateOfBirth, type Database } from '@mc/contract';
import { loadConfig } from '../src/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import type { Clock } from '../src/clock.ts';
import { PGLITE_START_PARAMS, pgliteDb, type Db } from '../src/db/db.ts';
import { newPrivateJwk } from '../src/auth/keys.ts';
import { createPrivateSchema, type PrivateSchema } from './private-schema.ts';
import { freePort } from './free-port.ts';

export { freePort } from './free-port.ts';

export type Backend = 'pglite' | 'postgres';

/** Every server suite runs on embedded PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer extends RunningServer {
  backend: Backend;
  /** The database URL (PostgreSQL only), pointing at this server's private schema. */
  databaseUrl: string | undefined;
  /**
   * The link of the newest mail to this address, read where a person without SMTP finds it: the
   * server's log line for the mail (the outbox itself never keeps links). Needs LOG_LEVEL=info.
   */
  mailedLink(email: string): Promise<string | undefined>;
}

let template: Blob | undefined;

/**
 * A throw-away embedded database with every migration applied, loaded from the lane's template
 * (test/pglite-template.ts) instead of created and migrated afresh; undefined where the lane made
 * none (the server then creates its own, as `DATA_DIR=memory://` does anywhere).
 */
async function openPgliteFromTemplate(): Promise<Db | undefined> {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return pgliteDb(await PGlite.create(undefined, { startParams: PGLITE_START_PARAMS, loadDataDir: template }));
}

/**
 * scrypt at N = 2^10 instead of the server's 2^15: each sign-up, sign-in and new credential costs
 * about 3 ms of CPU instead of about 90. Hashing is the same code; the suite that checks what is
 * stored (src/auth/auth.test.ts) runs at the server's own default.
 */
export const TEST_PASSWORD_HASH_COST = '10';

/** A private schema on the test PostgreSQL, so suites never see each other's rows. */
export async function createTestSchema(): Promise<PrivateSchema> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return createPrivateSchema(base, 'test');
}

export async function startTestServer(
  backend: Backend,
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void }; clock?: Clock } = {},
): Promise<TestServer> {
  const port = await freePort();
  const schema = backend === 'postgres' ? await createTestSchema() : null;
  // Mailed links, by mail id, from the log lines the mailer writes when there is no SMTP server.
  const links = new Map<string, string>();
  const logStream = {
    write(line: string) {
      if (line.includes('"mail kept in outbox')) {
        const entry = JSON.parse(line) as { mailId?: unknown; link?: unknown };
        if (typeof entry.link === 'string') links.set(String(entry.mailId), entry.link);
      }
      options.logStream?.write(line);
    },
  };
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: 'dist/web',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...(schema ? { DATABASE_URL: schema.url, DATABASE_POOL_SIZE: '10' } : {}),
    ...env,
  });
  const db = !config.DATABASE_URL && config.DATA_DIR.startsWith('memory://') ? await openPgliteFromTemplate() : undefined;
  const server = await startServer(config, { logStream, ...(options.clock ? { clock: options.clock } : {}), ...(db ? { db } : {}) });
  return {
    ...server,
    backend,
    databaseUrl: schema?.url,
    async mailedLink(email) {
      const rows = await server.db.query<{ id: string }>('select id::text as id from mail_outbox where recipient = $1 order by id desc limit 1', [
        email.toLowerCase(),
      ]);
      return rows[0] ? links.get(rows[0].id) : undefined;
    },
    async close() {
      // The schema goes even when closing fails (a test that closed the database itself).
      try {
        await server.close();
      } finally {
        await schema?.drop();
      }
    },
  };
}

/**
 * Two instances of one deployment on the test PostgreSQL: one private schema and one signing key
 * for both, as a load balancer would have them (with `extra` settings, such as REDIS_URL). `env`
 * starts more of them; `close` stops both and drops the schema.
 */
export async function startTwoInstances(
  extra: Record<string, string> = {},
): Promise<{ a: TestServer; b: TestServer; env: Record<string, string>; close(): Promise<void> }> {
  const schema = await createTestSchema();
  const env = { ...extra, DATABASE_URL: schema.url, JWT_PRIVATE_KEY: JSON.stringify(await newPrivateJwk()) };
  // startTestServer makes a schema per PostgreSQL server; these share the one made here.
  const a = await startTestServer('pglite', env);
  const b = await startTestServer('pglite', env);
  return {
    a,
    b,
    env,
    async close() {
      try {
        await a.close();
        await b.close();
      } finally {
        await schema.drop();
      }
    },
  };
}

/** Declares a suite once per backend, with a fresh server for each. */
export function describeEachDatabase(
  title: string,
  body: (server: () => TestServer) => void,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): void {
  for (const backend of backends) {
    describe(`${title} [${backend}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        server = await startTestServer(backend, env, options);
      });
      afterAll(async () => {
        await server?.close();
      });
      body(() => {
        if (!server) throw new Error('test server not started');
        return server;
      });
    });
  }
}

/** A supabase-js client typed by the contract: rpc() knows every procedure's parameters and answer. */
export type TestClient = ReturnType<typeof createClient<Database>>;

/** An unmodified supabase-js client, the way every program makes one, typed by the contract. */
export function newClient(url: string): TestClient {
  return createClient<Database>(url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js needs one even when realtime is unused.
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
}

/**
 * The same client without the contract's types, for the tests that send what the contract forbids
 * (an unknown procedure, a missing or misspelt parameter, a value of the wrong type) to see the
 * server refuse it.
 */
export function untyped(client: TestClient): SupabaseClient {
  return client;
}

export interface TestUser {
  client: TestClient;
  user: User;
  session: Session;
  email: string;
  dateOfBirth: string;
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}.${randomUUID().slice(0, 6)}@example.org`;
}

export async function signUpUser(
  server: TestServer,
  overrides: Partial<{ email: string; dateOfBirth: string; firstName: string; lastName: string; mobile: string }> = {},
): Promise<TestUser> {
  const client = newClient(server.url);
  const email = overrides.email ?? uniqueEmail();
  const dateOfBirth = overrides.dateOfBirth ?? '1990-05-17';
  const password = encodeDateOfBirth(dateOfBirth);
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: {
      data: {
        first_name: overrides.firstName ?? 'Ada',
        last_name: overrides.lastName ?? 'Lovelace',
        date_of_birth: password,
        mobile_number: overrides.mobile ?? '+27821234567',
      },
    },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { client, user: data.user, session: data.session, email, dateOfBirth, password };
}
