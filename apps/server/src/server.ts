import { mkdirSync } from 'node:fs';
import { Server as NetServer } from 'node:net';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { systemClock } from './clock.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { restrictNewFiles, tightenTree } from './db/private-folder.ts';
import { loadSigningKeys } from './auth/keys.ts';
import { pruneExpiredRows } from './auth/pruning.ts';
import { buildApp, type AppDeps } from './app.ts';
import { archiveFolder } from './ops/archive.ts';
import { seedProgramme } from './features/programme/store.ts';
import { MANIFESTS } from './manifests.ts';
import { organiserCommandArgs, parseOrganiserCommand, runOrganiserCommand } from './ops/organiser.ts';
import { startLiveChannel, type LiveChannel, type LiveFeeds } from './live/service.ts';
import { startNotificationJobs, type NotificationJobs } from './features/notifications/jobs.ts';
import { controlFilePath, folderHolder, localUrl, newControlToken, registerAdminRoutes, removeControlFile, writeControlFile } from './ops/control.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /** The live channel's WebSocket endpoint and bus (counts that move as people vote). */
  live: LiveChannel;
  /** Notification e-mails and pruning in the background, and the bell's live feed. */
  notifications: NotificationJobs;
  url: string;
  /**
   * Stops accepting connections, lets in-flight requests finish, then closes the database. With
   * drainMs, connections already open stay open that long (or until their clients leave), and any
   * request on them is answered 503 with `Connection: close`: a clean drain for a load balancer.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** Each live topic a feature coalesces itself (its manifest's feeds); other topics go to the clients as they are published. */
const LIVE_FEEDS: LiveFeeds = Object.assign({}, ...MANIFESTS.map((feature) => feature.feeds ?? {}));

/** What other features send when it becomes due, for the notification jobs' every pass. */
const DUE_NOTIFICATIONS = MANIFESTS.flatMap((feature) => feature.jobs?.dueNotifications ?? []);

const netServerClose = NetServer.prototype.close;

/** A reason not to start that needs no stack trace: the message says what to do. */
export class StartupError extends Error {}

export interface StartOptions extends Pick<AppDeps, 'logStream' | 'clock'> {
  /**
   * A database already open, served instead of the one the configuration names, and closed with
   * the server. The server tests start each embedded one from a migrated copy (apps/server/test/harness.ts).
   */
  db?: Db;
}

/** Opens the database, applies migrations, and serves; shared by `npm start`, tests and benchmarks. */
export async function startServer(config: Config, { db: given, ...options }: StartOptions = {}): Promise<RunningServer> {
  if (!config.DATA_DIR.startsWith('memory://')) {
    // Everything the server writes into its data folder is owner-only (docs/security.md), and so is
    // what is already there: on PGlite, opening the database folder walks it (createPglite).
    restrictNewFiles();
    if (config.DATABASE_URL) tightenTree(resolve(config.DATA_DIR));
  }
  const folder = config.DATABASE_URL || config.DATA_DIR.startsWith('memory://') ? null : claimDataFolder(resolve(config.DATA_DIR));
  let db: Db | undefined;
  let live: LiveChannel | undefined;
  let jobs: NotificationJobs | undefined;
  try {
    db = given ?? (await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE }));
    const database = db;
    const applied = await migrate(database);
    const seeded = await seedProgramme(database, config);
    const keys = await loadSigningKeys({ fromEnv: config.JWT_PRIVATE_KEY, dataDir: config.DATA_DIR });
    const app = await buildApp({ config, db: database, keys, ...options });
    app.log.info({ migrations: applied }, applied.length ? 'applied migrations' : 'database schema is up to date');
    if (seeded) app.log.info('the programme was empty: loaded the sample programme');
    live = await startLiveChannel({ app, db: database, keys, databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, feeds: LIVE_FEEDS });
    const channel = live;
    jobs = startNotificationJobs({
      db: database,
      config,
      keys,
      log: app.log,
      live: channel,
      clock: options.clock ?? systemClock,
      due: DUE_NOTIFICATIONS,
    });
    const notifications = jobs;
    if (folder) {
      // Every PGlite query waits while this transaction holds the connection, so the copy is
      // of a folder nobody writes to, just after a checkpoint.
      const backup = () =>
        database.transaction(async (tx) => {
          await tx.query('checkpoint');
          return archiveFolder(folder.path);
        });
      const organiser = (command: unknown) => runOrganiserCommand(database, parseOrganiserCommand(organiserCommandArgs(command)));
      registerAdminRoutes(app, { token: folder.token, backup, organiser });
    }
    const pruning = schedulePruning(database, config, app);
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    folder?.announce(localUrl(config.HOST, port));
    pruning.runNow();
    const backgroundJobs = MANIFESTS.flatMap((feature) => feature.jobs?.start?.(database, app.log) ?? []);
    let closing: Promise<void> | null = null;
    return {
      app,
      db: database,
      live: channel,
      notifications,
      url: `http://localhost:${port}`,
      close(options = {}) {
        closing ??= (async () => {
          pruning.stop();
          await Promise.all(backgroundJobs.map((job) => job.close()));
          app.draining.active = true;
          const lastPruning = pruning.running();
          if (options.drainMs) await drainConnections(app.server, options.drainMs);
          // A kept-alive connection whose last request finished after close() began stays open
          // until its client hangs up; close such connections as soon as they fall idle.
          const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
          try {
            // Live connections would otherwise hold the server open; browsers reconnect elsewhere.
            await channel.close();
            await app.close();
          } finally {
            clearInterval(sweep);
            await lastPruning;
            await notifications.close();
            await database.close();
            // Only once PGlite has closed may another process open the folder.
            folder?.release();
          }
        })();
        return closing;
      },
    };
  } catch (error) {
    await jobs?.close().catch(() => undefined);
    await live?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    folder?.release();
    throw error;
  }
}

/**
 * Expired tokens, sessions, mails and counters are deleted now and then, never in a request's way:
 * every PRUNE_INTERVAL_SECONDS, one run at a time, and not once shutdown has begun.
 */
function schedulePruning(database: Db, config: Config, app: FastifyInstance): { runNow(): void; stop(): void; running(): Promise<void> | null } {
  let pruningRun: Promise<void> | null = null;
  const prune = () => {
    pruningRun ??= pruneExpiredRows(database, {
      sessionIdleDays: config.SESSION_IDLE_DAYS,
      notificationRetentionDays: config.NOTIFICATION_RETENTION_DAYS,
      stopping: () => app.draining.active,
    })
      .then(
        (pruned) => {
          if (Object.keys(pruned).length) app.log.info({ pruned }, 'pruned expired rows');
        },
        (error: unknown) => app.log.warn({ err: error }, 'could not prune expired rows'),
      )
      .finally(() => {
        pruningRun = null;
      });
  };
  const timer = setInterval(prune, config.PRUNE_INTERVAL_SECONDS * 1000);
  timer.unref();
  return { runNow: prune, stop: () => clearInterval(timer), running: () => pruningRun };
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
    mkdirSync(path, { recursive: true, mode: 0o700 });
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

/**
 * Stops listening without touching open connections (http.Server.close would also close the idle
 * kept-alive ones at once, and a request already on its way over one would meet a reset), then
 * waits until the clients have left or the time is up.
 */
async function drainConnections(server: Server, drainMs: number): Promise<void> {
  netServerClose.call(server);
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline) {
    const open = await new Promise<number>((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
