import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { loadSigningKeys } from './auth/keys.ts';
import { pruneRateLimits } from './auth/rate-limit.ts';
import { buildApp } from './http/app.ts';
import { archiveFolder } from './ops/archive.ts';
import { controlFilePath, folderHolder, localUrl, newControlToken, registerAdminRoutes, removeControlFile, writeControlFile } from './ops/control.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** A reason not to start that needs no stack trace: the message says what to do. */
export class StartupError extends Error {}

/** Opens the database, applies migrations, and serves; shared by `npm start`, tests and benchmarks. */
export async function startServer(config: Config, options: { logger?: FastifyServerOptions['loggerInstance'] } = {}): Promise<RunningServer> {
  const folder = config.DATABASE_URL || config.DATA_DIR.startsWith('memory://') ? null : claimDataFolder(resolve(config.DATA_DIR));
  let db: Db | undefined;
  try {
    db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
    const database = db;
    const applied = await migrate(database);
    const keys = await loadSigningKeys({ fromEnv: config.JWT_PRIVATE_KEY, dataDir: config.DATA_DIR });
    const app = await buildApp({ config, db: database, keys, ...(options.logger ? { logger: options.logger } : {}) });
    app.log.info({ migrations: applied }, applied.length ? 'applied migrations' : 'database schema is up to date');
    if (folder) {
      // Every PGlite query waits while this transaction holds the connection, so the copy is
      // of a folder nobody writes to, just after a checkpoint.
      const backup = () =>
        database.transaction(async (tx) => {
          await tx.query('checkpoint');
          return archiveFolder(folder.path);
        });
      registerAdminRoutes(app, { token: folder.token, backup });
    }
    const pruning = setInterval(() => {
      pruneRateLimits(database).catch((error: unknown) => app.log.warn({ err: error }, 'could not prune rate limits'));
    }, 10 * 60_000);
    pruning.unref();
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    folder?.announce(localUrl(config.HOST, port));
    let closing: Promise<void> | null = null;
    return {
      app,
      db: database,
      url: `http://localhost:${port}`,
      close() {
        closing ??= (async () => {
          clearInterval(pruning);
          // A kept-alive connection whose last request finished after close() began stays open
          // until its client hangs up; close such connections as soon as they fall idle.
          const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
          try {
            await app.close();
          } finally {
            clearInterval(sweep);
            await database.close();
            // Only once PGlite has closed may another process open the folder.
            folder?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await db?.close().catch(() => undefined);
    folder?.release();
    throw error;
  }
}

interface ClaimedFolder {
  path: string;
  token: string;
  /** Records where the server listens, for `npm run backup`. */
  announce(url: string): void;
  release(): void;
}

/**
 * PGlite is a single process's database: two processes writing one folder would corrupt it.
 * The control file says which process holds the folder; a second server, or a restore, refuses.
 * Writing it is also the first write to the folder, so an unwritable folder is reported here.
 */
function claimDataFolder(path: string): ClaimedFolder {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    throw new StartupError(`the data folder ${path} cannot be created (${errorText(error)}). Set DATA_DIR to a writable folder.`);
  }
  const holder = folderHolder(path);
  if (holder) {
    throw new StartupError(
      `the data folder ${path} is in use by another process (pid ${holder.pid}). Stop it first, or delete ${controlFilePath(path)} if that process is not a Mission Control server.`,
    );
  }
  const token = newControlToken();
  const startedAt = new Date().toISOString();
  try {
    writeControlFile(path, { pid: process.pid, url: null, token, startedAt });
  } catch (error) {
    throw new StartupError(`the data folder ${path} is not writable (${errorText(error)}). Set DATA_DIR to a writable folder.`);
  }
  return {
    path,
    token,
    announce: (url) => writeControlFile(path, { pid: process.pid, url, token, startedAt }),
    release: () => removeControlFile(path, token),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
