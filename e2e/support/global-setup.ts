import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { builtFingerprint, sourceFingerprint } from '../../scripts/build-fingerprint.mjs';
import { E2E_LOG_FILE, E2E_PORT, E2E_SERVER_FILE } from './env.ts';
import { startJourneyServer } from './server.ts';
import { createPrivateSchema } from '../../apps/server/test/private-schema.ts';

/**
 * Builds the web app (unless E2E_SKIP_BUILD=1) and the server, and starts the real server on a fresh embedded
 * database, or on a private schema of TEST_DATABASE_URL's PostgreSQL when that is set (as in CI),
 * logging at debug level to a file so tests can read mailed links.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== '1') execSync('npx vite build --logLevel warn && node scripts/compress-assets.mjs', { stdio: 'inherit' });
  // The server runs compiled, as `npm start` runs it; compiling takes a few seconds of CPU, so it is
  // done here and a test never meets an older server than the source, unless `npm run build` made
  // it from the sources as they are now (its fingerprint says so), as in `npm test`.
  if (builtFingerprint() !== sourceFingerprint()) execSync('node scripts/build-server.mjs', { stdio: 'inherit' });
  mkdirSync('test-results', { recursive: true });
  // On PostgreSQL the journeys take about a tenth less of the machine's CPU than on the embedded
  // database, which runs every query as WebAssembly on the server's one thread
  // (docs/decisions/070-journeys-on-postgresql-when-the-tests-have-it.md). The journeys' other servers (the
  // programme's, the seeded missions', the check-ins', the offline journey's) stay on the embedded
  // database, so every run drives both databases from the browser.
  const schema = process.env.TEST_DATABASE_URL ? await createPrivateSchema(process.env.TEST_DATABASE_URL, 'e2e') : undefined;
  const server = await startJourneyServer({ port: E2E_PORT, logFile: E2E_LOG_FILE, databaseUrl: schema?.url });
  writeFileSync(E2E_SERVER_FILE, JSON.stringify({ pid: server.pid, dataDir: server.dataDir, databaseUrl: schema?.url }));
  // The workers start after this and inherit both: `npm run organiser` needs the server's database.
  process.env.E2E_DATA_DIR = server.dataDir;
  if (schema) process.env.E2E_DATABASE_URL = schema.url;
  else delete process.env.E2E_DATABASE_URL;
}
