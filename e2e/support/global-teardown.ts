import { existsSync, readFileSync } from 'node:fs';
import { E2E_SERVER_FILE } from './env.ts';
import { stopJourneyServer, type JourneyServer } from './server.ts';
import { dropPrivateSchema } from '../../apps/server/test/private-schema.ts';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(E2E_SERVER_FILE)) return;
  const server = JSON.parse(readFileSync(E2E_SERVER_FILE, 'utf8')) as Pick<JourneyServer, 'pid' | 'dataDir'> & { databaseUrl?: string };
  await stopJourneyServer(server);
  if (server.databaseUrl) await dropPrivateSchema(server.databaseUrl);
}
