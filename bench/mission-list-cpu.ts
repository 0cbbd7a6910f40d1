import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrivateSchema } from '../apps/server/test/private-schema.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { loadSigningKeys, newPrivateJwk } from '../apps/server/src/auth/keys.ts';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';
import { seedMissions, seedUsers, seedVotes, userEmail, userId } from './seed.ts';

/**
 * `npx tsx bench/mission-list-cpu.ts` (PGlite) or with DATABASE_URL (PostgreSQL, a private schema):
 * a person's mission list read one at a time over HTTP with gzip accepted, at 300 and at 2,000
 * missions, first by people the server has not answered yet, then by the same people again: as
 * get_all_missions, and as the app reads it (get_mission_list). Prints
 * this process's CPU time per list (the server, and on PGlite the database too): one list at a
 * time on a busy machine still costs what it costs, where requests per second under load do not say.
 */
const CALLERS = 200;

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? await createPrivateSchema(databaseUrl, 'listcpu') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-list-cpu-'));
  const jwk = JSON.stringify(await newPrivateJwk());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: schema ? 'memory://' : dataDir,
    JWT_PRIVATE_KEY: jwk,
    ...(schema ? { DATABASE_URL: schema.url } : {}),
  });
  const server = await startServer(config);
  const { db, url } = server;
  try {
    console.log(
      `${schema ? 'PostgreSQL' : 'PGlite'}; load average at start ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    await seedUsers(db, 2_000, 'not used');
    await seedMissions(db, 0, 300, 2_000);
    await seedVotes(db, 20_000, 300, 2_000);
    await db.exec('analyze');
    const keys = await loadSigningKeys({ fromEnv: jwk, dataDir });
    const tokens: string[] = [];
    for (let n = 1; n <= 4 * CALLERS; n += 1) {
      const minted = await signAccessToken(keys, `${url}/auth/v1`, { id: userId(n), email: userEmail(n), user_metadata: {} }, randomUUID(), 3600, {
        aal: 'aal1',
        amr: [],
      });
      tokens.push(minted.token);
    }
    const call = (token: string, procedure: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(`${url}/rest/v1/rpc/${procedure}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
        });
        request.once('error', reject);
        request.once('response', (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.once('end', () => resolve(bytes));
        });
        request.end('{}');
      });
    const ways = [
      { name: 'get_all_missions', procedures: ['get_all_missions'] },
      { name: "the app's list", procedures: ['get_mission_list'] },
    ];
    /** The callers `first`… each read their list one way, one after another. */
    const measure = async (label: string, procedures: string[], first: number) => {
      const before = process.cpuUsage();
      const started = performance.now();
      let bytes = 0;
      for (const token of tokens.slice(first, first + CALLERS)) {
        bytes = 0;
        for (const procedure of procedures) bytes += await call(token, procedure);
      }
      const used = process.cpuUsage(before);
      console.log(
        `${label}: ${((used.user + used.system) / 1000 / CALLERS).toFixed(2)} ms CPU per list, ${((performance.now() - started) / CALLERS).toFixed(1)} ms each, ${(bytes / 1024).toFixed(0)} KiB gzipped`,
      );
    };
    const measureBoth = async (missions: string, firstCallers: number) => {
      for (const [index, way] of ways.entries()) {
        const first = firstCallers + index * CALLERS;
        // One call first, so each figure is about callers, not about the list's first call after a change.
        for (const procedure of way.procedures) await call(tokens[tokens.length - 1] ?? '', procedure);
        await measure(`${missions} missions, ${way.name}, new callers`, way.procedures, first);
        await measure(`${missions} missions, ${way.name}, the same callers again`, way.procedures, first);
      }
    };
    await measureBoth('300', 0);
    await seedMissions(db, 300, 2_000, 2_000);
    await seedVotes(db, 50_000, 2_000, 2_000);
    await db.exec('analyze');
    await measureBoth('2,000', 2 * CALLERS);
  } finally {
    await server.close();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
