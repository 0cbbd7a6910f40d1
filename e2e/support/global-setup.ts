import { execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILED_SERVER_ARGS } from '../../apps/server/test/process-harness.ts';
import { builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { E2E_BASE_URL, E2E_LOG_FILE, E2E_PID_FILE, E2E_PORT } from './env.ts';

/**
 * Builds the web app (unless E2E_SKIP_BUILD=1) and the server, and starts the real server on a fresh embedded
 * database (or on TEST_DATABASE_URL's PostgreSQL when E2E_DATABASE_URL is set), logging at debug
 * level to a file so tests can read mailed links.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') execSync('npx vite build --logLevel warn && node scripts/compress-assets.mjs', { stdio: 'inherit' });
  // The server runs compiled, as `npm start` runs it; compiling takes a few seconds of CPU, so it is
  // done here and a test never meets an older server than the source, unless `npm run build` made
  // it from the sources as they are now (its fingerprint says so), as in `npm test`.
  if (builtFingerprint() !== sourceFingerprint()) execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  mkdirSync('test-results', { recursive: true });
  const log = openSync(E2E_LOG_FILE, 'w');
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-e2e-'));
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // The journeys sign up and sign in hundreds of people: scrypt at N = 2^10 rather than the
      // server's 2^15 costs each about 3 ms of CPU instead of about 90 (as in apps/server/test/harness.ts).
      PASSWORD_HASH_COST: '10',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  child.unref();
  writeFileSync(E2E_PID_FILE, String(child.pid));
  // The workers start after this and inherit it: `npm run organiser` needs the server's data folder.
  process.env.E2E_DATA_DIR = dataDir;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${E2E_BASE_URL}/auth/v1/.well-known/jwks.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The e2e server did not start; see ${E2E_LOG_FILE}`);
}
