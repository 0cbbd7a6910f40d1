// A real server on a new embedded database, seeded in bulk through SQL (bench/seed.ts): people with
// a finished survey and a role profile, each the owner of one mission. `npm run bench:screens` runs
// it in its own process; browser journeys that need thousands of missions start it as a child:
//   PORT=5625 MISSIONS=2000 npx tsx bench/seeded-server.ts   → prints "ready <url>" once it answers
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeDateOfBirth } from '@mc/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { hashPassword } from '../apps/server/src/auth/password.ts';
import { missionId, seedMissions, seedUsers, seedVotes, userEmail } from './seed.ts';

/** Every seeded person signs in with this date of birth. */
export const SEEDED_DATE_OF_BIRTH = '1990-01-01';

export interface SeededServer {
  url: string;
  /** Person n (1 … missions): email, and the id of the mission they own. */
  email: (n: number) => string;
  missionId: (n: number) => string;
  stop: () => Promise<void>;
}

export async function startSeededServer(options: {
  port: number;
  missions: number;
  votes?: number;
  webDir?: string;
  logLevel?: string;
}): Promise<SeededServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-seeded-'));
  const config = loadConfig({
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${options.port}`,
    LOG_LEVEL: options.logLevel ?? 'silent',
    DATA_DIR: dataDir,
    ...(options.webDir ? { WEB_DIST_DIR: options.webDir } : {}),
  });
  const server = await startServer(config);
  const { db } = server;
  const people = options.missions;
  await seedUsers(db, people, await hashPassword(encodeDateOfBirth(SEEDED_DATE_OF_BIRTH)));
  await seedMissions(db, 0, options.missions, people);
  if (options.votes) await seedVotes(db, options.votes, options.missions, people);
  await db.exec('analyze');
  return {
    url: `http://localhost:${options.port}`,
    email: userEmail,
    missionId,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startSeededServer({ port: Number(process.env.PORT ?? 3000), missions: Number(process.env.MISSIONS ?? 300) });
  console.log(`ready ${server.url}`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
