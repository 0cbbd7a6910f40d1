import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createTestSchema, freePort } from '../../test/harness.ts';
import { createMission, signUp, type Person } from '../../test/journey.ts';
import { spawnServer } from '../../test/process-harness.ts';
import { STORAGE_FULL_MESSAGE } from '../http/errors.ts';

/**
 * A real full disk: a small tmpfs (the test runs as root, as every machine of this project does,
 * so it may mount one) that the test fills to the last byte. On PGlite the data folder is on it;
 * on PostgreSQL the votes table is moved into a tablespace on it. Either way the next vote makes
 * the database extend a file, which fails with ENOSPC, which PostgreSQL reports as SQLSTATE 53100.
 */
function mountSmallDisk(megabytes: number): { path: string; unmount(): void } {
  const path = mkdtempSync(join(tmpdir(), 'mc-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', path]);
  return {
    path,
    unmount() {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Writes zeros into a new file until the disk has no byte left; returns the file, to free the space again. */
function fillDisk(disk: string): string {
  const file = join(disk, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

async function vote(url: string, person: Person, missionId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/rest/v1/rpc/toggle_mission_vote`, {
    method: 'POST',
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', authorization: `Bearer ${person.session.access_token}` },
    body: JSON.stringify({ p_mission_id: missionId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function readiness(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** What a full disk looks like from outside, then the same server once there is room again. */
async function expectFullDiskAnswers(url: string, person: Person, missionId: string, filler: string): Promise<void> {
  const refused = await vote(url, person, missionId);
  expect(refused.status).toBe(503);
  expect(refused.body).toEqual({ code: '53100', message: STORAGE_FULL_MESSAGE, details: null, hint: null });
  const ready = await readiness(url);
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/its storage is full$/) });
  // Reading still works while nothing can be written.
  expect((await fetch(`${url}/healthz`)).status).toBe(200);

  rmSync(filler);
  const saved = await vote(url, person, missionId);
  expect(saved.status).toBe(200);
  expect(saved.body).toBe('voted');
}

for (const backend of backends) {
  describe(`a full disk [${backend}]`, () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('answers a vote 503 with a message a person understands, and /readyz says why', async () => {
      if (backend === 'pglite') {
        // A new embedded database takes about 40 MB.
        const disk = mountSmallDisk(160);
        cleanups.push(() => disk.unmount());
        const server = await spawnServer({ DATA_DIR: join(disk.path, 'data'), PORT: String(await freePort()) });
        cleanups.push(async () => void (await server.stop('SIGKILL')));
        const owner = await signUp(server.url);
        const missionId = await createMission(owner, 'Room to spare');
        const voter = await signUp(server.url);

        await expectFullDiskAnswers(server.url, voter, missionId, fillDisk(disk.path));
        const stopped = await server.stop();
        expect(stopped.code, stopped.stderr).toBe(0);
        return;
      }

      // PostgreSQL runs on this machine as its own user: the tablespace's folder is theirs.
      const disk = mountSmallDisk(2);
      cleanups.push(() => disk.unmount());
      const location = join(disk.path, 'tablespace');
      mkdirSync(location);
      execFileSync('chown', ['postgres:postgres', location]);
      const schema = await createTestSchema();
      cleanups.push(schema.drop);
      const server = await spawnServer({ DATABASE_URL: schema.url, DATA_DIR: join(disk.path, 'unused'), PORT: String(await freePort()) });
      cleanups.push(async () => void (await server.stop('SIGKILL')));
      const owner = await signUp(server.url);
      const missionId = await createMission(owner, 'Room to spare');
      const voter = await signUp(server.url);

      const tablespace = `mc_full_${randomUUID().replace(/-/g, '')}`;
      const admin = new pg.Client({ connectionString: schema.url });
      await admin.connect();
      cleanups.push(async () => {
        // The table must leave the tablespace before the tablespace can go; then the disk can be unmounted.
        await admin.query('alter table mission_votes set tablespace pg_default').catch(() => undefined);
        await admin.query(`drop tablespace if exists ${tablespace}`);
        await admin.end();
      });
      await admin.query(`create tablespace ${tablespace} location '${location}'`);
      await admin.query(`alter table mission_votes set tablespace ${tablespace}`);

      await expectFullDiskAnswers(server.url, voter, missionId, fillDisk(disk.path));
    });
  });
}
