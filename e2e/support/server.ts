import { spawn } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILED_SERVER_ARGS } from '../../apps/server/test/process-harness.ts';

export interface JourneyServer {
  url: string;
  pid: number;
  /** The embedded database's folder (unused when the server runs on PostgreSQL). */
  dataDir: string;
}

/**
 * Starts the compiled server as `npm start` runs it, on a new embedded database (or on
 * `databaseUrl`), logging at debug level to logFile so journeys can read mailed links, and resolves
 * once it answers. It runs on its own, detached: whoever started it stops it by its pid.
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
  if (child.pid === undefined) throw new Error(`the server on port ${options.port} did not start`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/auth/v1/.well-known/jwks.json`);
      if (response.ok) return { url, pid: child.pid, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server on port ${options.port} did not start; see ${options.logFile}`);
}
