import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { encodeDateOfBirth } from '@mc/contract';
import { newPrivateJwk } from '../auth/keys.ts';
import { listMigrations } from '../db/migrate.ts';
import { backends, createTestSchema, freePort, newClient, startTestServer, type TestServer } from '../../test/harness.ts';
import { signUp } from '../../test/journey.ts';
import { spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

for (const backend of backends) {
  describe(`health probes [${backend}]`, () => {
    let server: TestServer | undefined;
    afterAll(async () => {
      await server?.close().catch(() => undefined);
    });

    it('answers /healthz and /readyz without a token, and /readyz 503 with a reason once the database is gone', async () => {
      server = await startTestServer(backend);
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });

      await server.db.close();
      const gone = await fetch(`${server.url}/readyz`);
      expect(gone.status).toBe(503);
      const body = (await gone.json()) as { status: string; reason: string };
      expect(body.status).toBe('unavailable');
      expect(body.reason).toMatch(/^the database is not answering: /);
      // The process itself still answers.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });
}

// Several instances need a PostgreSQL server: CI provides one through TEST_DATABASE_URL.
if (process.env.TEST_DATABASE_URL) {
  describe('several instances on one PostgreSQL', () => {
    const servers: SpawnedServer[] = [];
    const drops: Array<() => Promise<void>> = [];
    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      for (const drop of drops) await drop();
    });

    it('three starting at once on an empty schema apply each migration exactly once, and all serve', async () => {
      const schema = await createTestSchema();
      drops.push(schema.drop);
      const key = JSON.stringify(await newPrivateJwk());
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      const started = await Promise.all(ports.map((port) => spawnServer({ PORT: String(port), DATABASE_URL: schema.url, JWT_PRIVATE_KEY: key })));
      servers.push(...started);

      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        const rows = (await client.query<{ name: string }>('select name from schema_migrations order by name')).rows;
        expect(rows.map((row) => row.name)).toEqual(listMigrations().map((migration) => migration.name));
      } finally {
        await client.end();
      }
      // One of them applied everything under the lock; the others found the work done.
      const appliedBy = started.filter((server) => server.stdout().includes('"msg":"applied migrations"'));
      expect(appliedBy).toHaveLength(1);
      expect(started.filter((server) => server.stdout().includes('"msg":"database schema is up to date"'))).toHaveLength(2);
      for (const server of started) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const person = await signUp(started[0]?.url ?? '');
      for (const server of started) {
        const { data, error } = await newClient(server.url).auth.signInWithPassword({ email: person.email, password: person.password });
        expect(error).toBeNull();
        expect(data.user?.id).toBe(person.id);
      }
    });

    it('two with one signing key serve the same people interchangeably, and share the sign-in failure limit', async () => {
      const schema = await createTestSchema();
      drops.push(schema.drop);
      const env = { DATABASE_URL: schema.url, JWT_PRIVATE_KEY: JSON.stringify(await newPrivateJwk()), SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR: '3' };
      const a = await spawnServer({ ...env, PORT: String(await freePort()) });
      const b = await spawnServer({ ...env, PORT: String(await freePort()) });
      servers.push(a, b);

      // Signed up and signed in on A ...
      const person = await signUp(a.url);
      const onA = newClient(a.url);
      const signedIn = await onA.auth.signInWithPassword({ email: person.email, password: person.password });
      expect(signedIn.error).toBeNull();
      // ... refreshed on B, which rotates the token A issued ...
      const onB = newClient(b.url);
      const refreshed = await onB.auth.refreshSession({ refresh_token: signedIn.data.session?.refresh_token ?? '' });
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.user?.id).toBe(person.id);
      // ... and B's token calls a procedure on B, and on A.
      const own = await onB.rpc('get_user_by_auth', { auth_id: person.id });
      expect(own.error).toBeNull();
      expect(own.data?.[0]?.email).toBe(person.email);
      const fromA = await fetch(`${a.url}/rest/v1/rpc/get_user_by_auth`, {
        method: 'POST',
        headers: { apikey: 'k', authorization: `Bearer ${refreshed.data.session?.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_id: person.id }),
      });
      expect(fromA.status).toBe(200);
      // Signing out on A ends the session B refreshed: its refresh token no longer works on B.
      const rotated = refreshed.data.session?.refresh_token ?? '';
      expect((await onB.auth.signOut()).error).toBeNull();
      const afterSignOut = await newClient(a.url).auth.refreshSession({ refresh_token: rotated });
      expect(afterSignOut.error).not.toBeNull();

      // Three wrong dates of birth, spread over both, exhaust the account's limit on both.
      const wrong = encodeDateOfBirth('1970-01-01');
      const failures = [a, a, b].map((server) => newClient(server.url).auth.signInWithPassword({ email: person.email, password: wrong }));
      for (const failure of await Promise.all(failures)) expect(failure.error?.status).toBe(400);
      for (const server of [a, b]) {
        const locked = await newClient(server.url).auth.signInWithPassword({ email: person.email, password: person.password });
        expect(locked.error?.status).toBe(429);
        expect(locked.error?.message).toMatch(/Too many failed sign-in attempts for this account/);
      }
    });
  });
}
