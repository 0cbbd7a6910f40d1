import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/harness.ts';
import { ownLines, runServerUntilItStops, spawnServer, type Finished, type SpawnedServer } from '../../test/process-harness.ts';

const folders: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'mc-startup-'));
  folders.push(folder);
  return folder;
}

/** One line on stderr, naming the problem; never a bare stack trace. */
function expectOneLineRefusal(result: Finished, mentions: RegExp): void {
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
  const lines = ownLines(result.stderr);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Mission Control could not start: /);
  expect(lines[0]).toMatch(mentions);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe('start-up refuses clearly', () => {
  const servers: SpawnedServer[] = [];
  let blocker: Server | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('when the configuration is bad', async () => {
    const result = await runServerUntilItStops({ PORT: 'abc', DATA_DIR: tempFolder() });
    expectOneLineRefusal(result, /PORT/);
  });

  it('when the port is taken', async () => {
    const port = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker?.listen(port, '127.0.0.1', resolve));
    const result = await runServerUntilItStops({ PORT: String(port), DATA_DIR: tempFolder() });
    expectOneLineRefusal(result, new RegExp(`port ${port} is already in use`));
  });

  it('when the data folder is not writable', async () => {
    // A file where the folder should be: no permission trick, so it holds even when run as root.
    const file = join(tempFolder(), 'not-a-folder');
    writeFileSync(file, 'x');
    const result = await runServerUntilItStops({ PORT: String(await freePort()), DATA_DIR: join(file, 'data') });
    expectOneLineRefusal(result, /data folder .* (cannot be created|is not writable).*DATA_DIR/);
  });

  it('when the database is unreachable', async () => {
    const closedPort = await freePort();
    const result = await runServerUntilItStops({ PORT: String(await freePort()), DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/nothing` });
    expectOneLineRefusal(result, new RegExp(`database at 127\\.0\\.0\\.1:${closedPort}/nothing is unreachable.*DATABASE_URL`));
  });

  it('when another server already holds the embedded data folder', async () => {
    const dataDir = tempFolder();
    const first = await spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    servers.push(first);
    const result = await runServerUntilItStops({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expectOneLineRefusal(result, new RegExp(`in use by another process \\(pid ${first.child.pid}\\)`));
    // The first server is unharmed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });
});
