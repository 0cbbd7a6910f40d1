import { existsSync, readFileSync } from 'node:fs';
import { E2E_SERVER_FILE } from './env.ts';
import { stopJourneyServer, type JourneyServer } from './server.ts';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(E2E_SERVER_FILE)) return;
  await stopJourneyServer(JSON.parse(readFileSync(E2E_SERVER_FILE, 'utf8')) as Pick<JourneyServer, 'pid' | 'dataDir'>);
}
