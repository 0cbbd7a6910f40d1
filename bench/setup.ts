// The start of `npm run bench`: the real server on a fresh database (embedded PGlite, or a private
// schema on PostgreSQL with DATABASE_URL), seeded, with an access token for every seeded person.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createPrivateSchema, type PrivateSchema } from '../apps/server/test/private-schema.ts';
import { encodeDateOfBirth } from '@mc/contract';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { loadSigningKeys, newPrivateJwk, type SigningKeys } from '../apps/server/src/auth/keys.ts';
import { hashPassword } from '../apps/server/src/auth/password.ts';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';
import type { Db } from '../apps/server/src/db/db.ts';
import { counts, missionId, seedMissions, seedUsers, seedVotes, userEmail, userId } from './seed.ts';
import { SECONDS } from './harness.ts';
import type { LoadRequest } from './load-types.ts';
import { collectedResidentMiB } from './report.ts';

export const CONNECTIONS = 100;
export const USERS = 2_000;
/** `BENCH_MISSIONS` seeds another number (the list against the toggle is targeted at 150). */
export const MISSIONS = Number(process.env.BENCH_MISSIONS ?? 300);
const VOTES = 20_000;
export const DATE_OF_BIRTH = '1990-01-01';
export const HOT_MISSION = 1;

/** The seeded server and what every scenario calls it with. */
export interface Bench {
  backend: 'postgres' | 'pglite';
  config: Config;
  server: RunningServer;
  db: Db;
  url: string;
  keys: SigningKeys;
  /** The private PostgreSQL schema the server runs in; null on PGlite. */
  schema: PrivateSchema | null;
  /** The access token of seeded person n (1 … USERS). */
  token: (n: number) => string;
  /** 1 … count. */
  firstUsers: (count: number) => number[];
  rpc: (name: string) => string;
  /** The spike: each of these people toggles their vote on the hot mission. */
  spikeRequests: (users: number[]) => LoadRequest[];
  /** Stops the server and removes its database. */
  stop: () => Promise<void>;
}

/** Starts and seeds the server, printing the machine and the seeding as it goes. */
export async function startBench(): Promise<Bench> {
  const databaseUrl = process.env.DATABASE_URL;
  const backend = databaseUrl ? 'postgres' : 'pglite';
  const schema = databaseUrl ? await createPrivateSchema(databaseUrl, 'bench') : null;
  const dataDir = databaseUrl ? 'memory://' : mkdtempSync(join(tmpdir(), 'mc-bench-'));
  const jwk = JSON.stringify(await newPrivateJwk());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    JWT_PRIVATE_KEY: jwk,
    // One load generator is one client address: lift the per-address limits it would otherwise hit.
    SIGNIN_PER_ADDRESS_PER_MINUTE: '1000000',
    // ...and the cap on its open connections (BENCH_LIVE_CLIENTS may go past the default).
    CONNECTIONS_PER_ADDRESS: '0',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    // The bus between instances (the two-instance scenario): Redis instead of LISTEN/NOTIFY.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  let server: RunningServer | undefined;
  const stop = async () => {
    await server?.close();
    await schema?.drop();
    if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServer(config);
    const { db, url } = server;
    await printMachine(db, backend, config);
    await seed(db);
    const { keys, tokens } = await mintTokens(jwk, dataDir, url);
    const token = (n: number) => tokens[n - 1]!;
    const rpc = (name: string) => `/rest/v1/rpc/${name}`;
    return {
      backend,
      config,
      server,
      db,
      url,
      keys,
      schema,
      token,
      firstUsers: (count) => Array.from({ length: count }, (_, i) => i + 1),
      rpc,
      spikeRequests: (users) =>
        users.map((n) => ({ path: rpc('toggle_mission_vote'), body: JSON.stringify({ p_mission_id: missionId(HOT_MISSION) }), token: token(n) })),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function printMachine(db: Db, backend: Bench['backend'], config: Config): Promise<void> {
  const [version] = await db.query<{ version: string }>('select version()');
  console.log(`Mission Control benchmark: ${backend} (${version?.version.split(',')[0] ?? '?'})`);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB (${(freemem() / 2 ** 30).toFixed(0)} free), Node ${process.version}`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (other work on this machine skews every figure)`,
  );
  console.log(
    `${SECONDS} s per scenario, load generator (autocannon) in a child process on the same cores, pool ${config.DATABASE_POOL_SIZE}${backend === 'pglite' ? ' (PGlite: one connection)' : ''}\n`,
  );

  // Idle: the server started, nothing asked yet, garbage collected. The benchmark shares this
  // process (and its tsx loader, ~30 MiB); `npm run bench:startup` measures the compiled server on
  // its own, after it has sat idle.
  console.log(`resident memory, idle after start: ${collectedResidentMiB()} MiB (this process: the server, its database and the benchmark)\n`);
}

async function seed(db: Db): Promise<void> {
  const t0 = performance.now();
  const passwordHash = await hashPassword(encodeDateOfBirth(DATE_OF_BIRTH));
  await seedUsers(db, USERS, passwordHash);
  await seedMissions(db, 0, MISSIONS, USERS);
  await seedVotes(db, VOTES, MISSIONS, USERS);
  await db.exec('analyze');
  const seeded = await counts(db);
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${seeded.users} users with profiles, ${seeded.missions} missions, ${seeded.votes} votes, ${seeded.subscriptions} subscriptions, ${seeded.members} members`,
  );
}

/** An access token for every seeded person, signed with the server's own key, so procedures are called as USERS distinct people. */
async function mintTokens(jwk: string, dataDir: string, url: string): Promise<{ keys: SigningKeys; tokens: string[] }> {
  const t0 = performance.now();
  const keys = await loadSigningKeys({ fromEnv: jwk, dataDir });
  const tokens: string[] = [];
  for (let n = 1; n <= USERS; n += 1) {
    const minted = await signAccessToken(keys, `${url}/auth/v1`, { id: userId(n), email: userEmail(n), user_metadata: {} }, randomUUID(), 3600, {
      aal: 'aal1',
      amr: [],
    });
    tokens.push(minted.token);
  }
  console.log(`minted ${tokens.length} access tokens in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return { keys, tokens };
}
