import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, newClient } from '../../test/harness.ts';
import { readControlFile } from './control.ts';
import { signIn, signUp } from '../../test/journey.ts';
import { ownLines, runScript, spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

describe('backup and restore of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-backup-'));
  const servers: SpawnedServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    rmSync(root, { recursive: true, force: true });
  });
  const start = async (dataDir: string) => {
    const server = await spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    servers.push(server);
    return server;
  };

  it('backs up a running server, refuses to restore over it, and restores once it stops', async () => {
    const dataDir = join(root, 'data');
    const online = join(root, 'online.tar.gz');
    const offline = join(root, 'offline.tar.gz');

    const first = await start(dataDir);
    const alice = await signUp(first.url);

    // The admin endpoint answers only a local caller with the token, and never through a proxy.
    const control = readControlFile(dataDir);
    expect(control?.pid).toBe(first.child.pid);
    expect(statSync(join(dataDir, 'server.json')).mode & 0o777).toBe(0o600);
    expect((await fetch(`${first.url}/admin/v1/backup`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${first.url}/admin/v1/backup`, { method: 'POST', headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
    const proxied = await fetch(`${first.url}/admin/v1/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control?.token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);

    const made = await runScript('backup', [online], { DATA_DIR: dataDir });
    expect(made.stderr.trim()).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`from the running server (pid ${first.child.pid})`);
    expect(statSync(online).mode & 0o777).toBe(0o600);
    expect(readFileSync(online).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));

    // After the backup: someone new, who must be gone once the backup is restored.
    const bob = await signUp(first.url);
    expect((await alice.client.auth.getUser()).data.user?.id).toBe(alice.id);

    const refused = await runScript('restore', [online], { DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(ownLines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain(`a server (pid ${first.child.pid}) is running on ${dataDir}`);
    expect((await signIn(first.url, bob.email, bob.password)).id).toBe(bob.id);

    expect((await first.stop('SIGTERM')).code).toBe(0);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);

    const cold = await runScript('backup', [offline], { DATA_DIR: dataDir });
    expect(cold.code).toBe(0);
    expect(cold.stdout).toContain('from the stopped data folder');

    const restored = await runScript('restore', [online], { DATA_DIR: dataDir });
    expect(restored.stderr.trim()).toBe('');
    expect(restored.code).toBe(0);
    const keptAt = /kept at (\S+)\./.exec(restored.stdout)?.[1];
    expect(keptAt).toBeDefined();
    expect(existsSync(join(keptAt ?? '', 'PG_VERSION'))).toBe(true);

    const second = await start(dataDir);
    expect((await signIn(second.url, alice.email, alice.password)).id).toBe(alice.id);
    // The signing key came back with the data: the session from before the backup still refreshes.
    const resumed = newClient(second.url);
    const refreshed = await resumed.auth.refreshSession({ refresh_token: alice.session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.id).toBe(alice.id);
    const bobAfter = await newClient(second.url).auth.signInWithPassword({ email: bob.email, password: bob.password });
    expect(bobAfter.error?.message).toMatch(/invalid/i);
    expect((await second.stop('SIGTERM')).code).toBe(0);

    // The offline backup had Bob.
    expect((await runScript('restore', [offline], { DATA_DIR: dataDir })).code).toBe(0);
    const third = await start(dataDir);
    expect((await signIn(third.url, bob.email, bob.password)).id).toBe(bob.id);
    expect((await third.stop('SIGTERM')).code).toBe(0);
  });

  it('refuses to restore a file that is not a backup, and changes nothing', async () => {
    const dataDir = join(root, 'untouched');
    const bogus = join(root, 'bogus.tar.gz');
    writeFileSync(bogus, 'not a tarball');
    const result = await runScript('restore', [bogus], { DATA_DIR: dataDir });
    expect(result.code).not.toBe(0);
    expect(ownLines(result.stderr)).toEqual([`restore failed: ${bogus} is not a backup of an embedded database (no PG_VERSION inside)`]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('says how to back up PostgreSQL with pg_dump when DATABASE_URL is set', async () => {
    const result = await runScript('backup', [], { DATABASE_URL: 'postgres://operator:secret@db.internal:5432/mission' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/pg_dump --format=custom --no-owner --file=\S+ "\$DATABASE_URL"/);
    expect(result.stdout).toContain('pg_restore');
    expect(result.stdout).not.toContain('secret');
  });
});
