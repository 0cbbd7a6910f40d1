import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { E2E_LOG_FILE, E2E_PORT, E2E_SERVER_FILE } from './env.ts';
import { startJourneyServer } from './server.ts';

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
  const server = await startJourneyServer({ port: E2E_PORT, logFile: E2E_LOG_FILE, databaseUrl: process.env.E2E_DATABASE_URL });
  writeFileSync(E2E_SERVER_FILE, JSON.stringify({ pid: server.pid, dataDir: server.dataDir }));
  // The workers start after this and inherit it: `npm run organiser` needs the server's data folder.
  process.env.E2E_DATA_DIR = server.dataDir;
}
