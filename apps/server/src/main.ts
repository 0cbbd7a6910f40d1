import { ConfigError, loadConfig, type Config } from './config.ts';
import { startServer, StartupError, type RunningServer } from './server.ts';
import { READY_LOG_TEXT } from './ready.ts';

/** After the shutdown deadline cut the last connections, closing the database gets this long. */
const DATABASE_CLOSE_GRACE_MS = 5000;

/** `npm start`: one process serving the web app and its API. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server: RunningServer = await startServer(config);
  server.app.log.info({ url: config.publicUrl, database: server.db.kind }, READY_LOG_TEXT);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      server.app.log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    shutDown(server, config, signal).then(
      (code) => process.exit(code),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/**
 * Stops accepting connections and lets in-flight requests finish. Requests still running at
 * SHUTDOWN_TIMEOUT_MS have their connections cut; the database is closed either way (a PGlite
 * folder must be closed to stay consistent). Resolves to the exit code: 0 when nothing was cut.
 */
async function shutDown(server: RunningServer, config: Config, signal: string): Promise<number> {
  const log = server.app.log;
  log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down: finishing in-flight requests');
  let cut = false;
  const deadline = setTimeout(() => {
    cut = true;
    log.warn('requests still running at the shutdown deadline; closing their connections');
    server.app.server.closeAllConnections();
    const lastResort = setTimeout(() => {
      log.error('the database did not close in time; exiting without closing it');
      process.exit(1);
    }, DATABASE_CLOSE_GRACE_MS);
    lastResort.unref();
  }, config.SHUTDOWN_TIMEOUT_MS);
  deadline.unref();
  await server.close({ drainMs: Math.min(config.SHUTDOWN_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS) });
  clearTimeout(deadline);
  log.info({ signal, clean: !cut }, 'stopped');
  return cut ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`Mission Control could not start: ${describeStartupError(error)}`);
  process.exit(1);
});

/** One line that says what is wrong and what to change. */
function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartupError) return oneLine(error.message);
  const code = errorCode(error);
  const message = oneLine(errorMessage(error));
  if (code === 'EADDRINUSE') return `port ${process.env.PORT ?? 3000} is already in use (${message}). Set PORT to a free port.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${process.env.HOST ?? ''} is not an address of this machine (${message}). Check HOST.`;
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EPERM') {
    return `the data folder is not writable (${message}). Set DATA_DIR to a writable folder.`;
  }
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ETIMEDOUT' ||
    code === 'EHOSTUNREACH' ||
    code === '28P01' ||
    code === '28000' ||
    code === '3D000'
  ) {
    return `the database at ${databaseAddress()} is unreachable (${message}). Check DATABASE_URL.`;
  }
  return message;
}

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
}

/** Node reports a refused connection to a name with several addresses as an AggregateError with no message. */
function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    const inner = error.errors.map((item: unknown) => (item instanceof Error ? item.message : String(item)));
    return inner.join('; ') || errorCode(error) || 'AggregateError';
  }
  if (error instanceof Error) return error.message || errorCode(error) || error.name;
  return String(error);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Host, port and database of DATABASE_URL, never its password. */
function databaseAddress(): string {
  try {
    const url = new URL(process.env.DATABASE_URL ?? '');
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
