import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { loadSigningKeys } from './auth/keys.ts';
import { pruneRateLimits } from './auth/rate-limit.ts';
import { buildApp } from './http/app.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, applies migrations, and serves; shared by `npm start`, tests and benchmarks. */
export async function startServer(config: Config, options: { logger?: FastifyServerOptions['loggerInstance'] } = {}): Promise<RunningServer> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  try {
    await migrate(db);
    const keys = await loadSigningKeys({ fromEnv: config.JWT_PRIVATE_KEY, dataDir: config.DATA_DIR });
    const app = await buildApp({ config, db, keys, ...(options.logger ? { logger: options.logger } : {}) });
    const pruning = setInterval(() => {
      pruneRateLimits(db).catch((error: unknown) => app.log.warn({ err: error }, 'could not prune rate limits'));
    }, 10 * 60_000);
    pruning.unref();
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    let closing: Promise<void> | null = null;
    return {
      app,
      db,
      url: `http://localhost:${port}`,
      close() {
        closing ??= (async () => {
          clearInterval(pruning);
          await app.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
