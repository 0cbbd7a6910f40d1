import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createTestSchema, freePort } from '../../test/harness.ts';
import { signUp } from '../../test/journey.ts';
import { runScript, spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

/** An operator's shell that lets everyone read and write what it creates. */
const PERMISSIVE = { umask: '000' };

/** Every file and folder below root (root included) that its group or others may use, with its mode. */
function openEntries(root: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if ((stats.mode & 0o077) !== 0 && !stats.isSymbolicLink()) open.push(`${path.slice(root.length) || '/'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return open;
}

function countEntries(root: string): number {
  return readdirSync(root, { recursive: true }).length;
}

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/**
 * The data folder holds everyone's data and the signing key: everything the server and the ops
 * scripts put there is owner-only, even when they are started with umask 000, and what was already
 * there open is tightened at start.
 */
describe('owner-only data folder, whatever the umask', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const tempFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'mc-modes-'));
    chmodSync(folder, 0o755);
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    return folder;
  };

  it('on the embedded database: the server, backup, export, organiser and restore leave nothing open', async () => {
    const work = tempFolder();
    const dataDir = join(work, 'data');
    // A folder from before: open, with an open file and an open sub-folder in it.
    mkdirSync(join(dataDir, 'notes'), { recursive: true });
    writeFileSync(join(dataDir, 'notes', 'left-over.txt'), 'x');
    chmodSync(join(dataDir, 'notes', 'left-over.txt'), 0o666);
    chmodSync(join(dataDir, 'notes'), 0o777);
    chmodSync(dataDir, 0o777);

    const env = { DATA_DIR: dataDir };
    const server: SpawnedServer = await spawnServer({ ...env, PORT: String(await freePort()) }, undefined, PERMISSIVE);
    cleanups.push(async () => void (await server.stop('SIGKILL')));
    await signUp(server.url);
    expect(countEntries(dataDir)).toBeGreaterThan(500);
    expect(openEntries(dataDir)).toEqual([]);

    // A backup taken from the running server, into a folder the script creates.
    const backupFile = join(work, 'backups', 'copy.tar.gz');
    const backup = await runScript('backup', [backupFile], env, undefined, PERMISSIVE);
    expect(backup.code, backup.stderr).toBe(0);
    expect(mode(backupFile)).toBe('600');
    expect(mode(join(work, 'backups'))).toBe('700');

    const stopped = await server.stop();
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(openEntries(dataDir)).toEqual([]);

    // Scripts that open the stopped folder themselves.
    const exportFile = join(work, 'export.sql');
    const exported = await runScript('db:export', [exportFile], env, undefined, PERMISSIVE);
    expect(exported.code, exported.stderr).toBe(0);
    expect(mode(exportFile)).toBe('600');
    const organiser = await runScript('organiser', ['list'], env, undefined, PERMISSIVE);
    expect(organiser.code, organiser.stderr).toBe(0);
    expect(openEntries(dataDir)).toEqual([]);

    // An archive whose entries are open (made by hand from a loosened copy) is restored owner-only.
    const loose = join(work, 'loose');
    cpSync(dataDir, loose, { recursive: true });
    expect(spawnSync('chmod', ['-R', 'go+rwX', loose]).status).toBe(0);
    expect(openEntries(loose).length).toBeGreaterThan(500);
    const looseArchive = join(work, 'loose.tar.gz');
    expect(spawnSync('tar', ['-czf', looseArchive, '-C', loose, '.']).status).toBe(0);
    const restored = await runScript('restore', [looseArchive], env, undefined, PERMISSIVE);
    expect(restored.code, restored.stderr).toBe(0);
    expect(openEntries(dataDir)).toEqual([]);
    const keptAside = readdirSync(work).find((name) => name.startsWith('data.before-restore-'));
    expect(keptAside).toBeDefined();
    expect(openEntries(join(work, keptAside ?? ''))).toEqual([]);
  });

  if (backends.includes('postgres')) {
    it('on PostgreSQL: the folder that keeps the signing key is owner-only too', async () => {
      const dataDir = join(tempFolder(), 'data');
      const schema = await createTestSchema();
      cleanups.push(schema.drop);
      const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: schema.url, PORT: String(await freePort()) }, undefined, PERMISSIVE);
      cleanups.push(async () => void (await server.stop('SIGKILL')));
      await signUp(server.url);
      expect(readdirSync(dataDir)).toContain('signing-key.json');
      expect(openEntries(dataDir)).toEqual([]);
    });
  }
});
