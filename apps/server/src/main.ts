import { ConfigError, loadConfig } from './config.ts';
import { startServer, type RunningServer } from './server.ts';

/** `npm start`: one process serving the web app and its API. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server: RunningServer = await startServer(config);
  server.app.log.info({ url: config.publicUrl, database: server.db.kind }, 'Mission Control is ready');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const deadline = setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`Mission Control could not start: ${describeStartupError(error)}`);
  process.exit(1);
});

function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE') return `the port is already in use (${message}). Set PORT to a free port.`;
  if (code === 'EACCES' || code === 'EROFS') return `the data folder is not writable (${message}). Set DATA_DIR to a writable folder.`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000') {
    return `the database is unreachable (${message}). Check DATABASE_URL.`;
  }
  return message;
}
