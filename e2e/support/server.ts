import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, watch } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILED_SERVER_ARGS } from '../../apps/server/test/process-harness.ts';
import { READY_LOG_TEXT } from '../../apps/server/src/ready.ts';

export interface JourneyServer {
  url: string;
  pid: number;
  /** The embedded database's folder (unused when the server runs on PostgreSQL). */
  dataDir: string;
}

/**
 * Starts the compiled server as `npm start` runs it, on a new embedded database (or on
 * `databaseUrl`), logging at debug level to logFile so journeys can read mailed links, and resolves
 * once its log says it is ready. It runs on its own, detached: whoever started it stops it with
 * stopJourneyServer.
 */
export async function startJourneyServer(options: { port: number; logFile: string; databaseUrl?: string }): Promise<JourneyServer> {
  const url = `http://localhost:${options.port}`;
  const log = openSync(options.logFile, 'w');
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-'));
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      DATABASE_URL: options.databaseUrl ?? '',
      // The journeys sign up and sign in hundreds of people: scrypt at N = 2^10 rather than the
      // server's 2^15 costs each about 3 ms of CPU instead of about 90 (as in apps/server/test/harness.ts).
      PASSWORD_HASH_COST: '10',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error(`the server on port ${options.port} did not start`);
  await new Promise<void>((resolve, reject) => {
    // The server writes this line once it listens and its database is ready; the log file is
    // watched, so the wait ends as the line is written.
    const ready = () => readFileSync(options.logFile, 'utf8').includes(READY_LINE);
    const done = (error?: Error) => {
      watcher.close();
      clearTimeout(timer);
      child.off('exit', exited);
      if (error) reject(error);
      else resolve();
    };
    const exited = (code: number | null) => done(new Error(`the server on port ${options.port} exited with code ${code}; see ${options.logFile}`));
    const watcher = watch(options.logFile, () => {
      if (ready()) done();
    });
    const timer = setTimeout(() => done(new Error(`the server on port ${options.port} was not ready within 60 s; see ${options.logFile}`)), 60_000);
    child.once('exit', exited);
    if (ready()) done();
  });
  return { url, pid, dataDir };
}

/**
 * Stops the server (SIGTERM, and SIGKILL if it has not left within 30 s) and, once it has left,
 * removes its embedded database's folder: each run's folders would otherwise stay behind in the
 * system's temporary folder, some 40 MB each.
 */
export async function stopJourneyServer(server: Pick<JourneyServer, 'pid' | 'dataDir'>): Promise<void> {
  const running = () => {
    try {
      process.kill(server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (running()) process.kill(server.pid, 'SIGTERM');
  for (let waited = 0; running() && waited < 30_000; waited += 100) await sleep(100);
  if (running()) process.kill(server.pid, 'SIGKILL');
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** What the server's log says once it listens and its database is ready (apps/server/src/main.ts). */
const READY_LINE = `"msg":${JSON.stringify(READY_LOG_TEXT)}`;
