import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db.ts';
import type { StorageHealth } from './storage-health.ts';

/** How long /readyz waits for `select 1` before it calls the database unavailable. */
export const READY_TIMEOUT_MS = 2000;

/**
 * Probes for load balancers and process managers, open to anyone and cheap:
 * GET /healthz answers while the process answers; GET /readyz also asks the database, and says
 * unavailable while writes fail for lack of space or while the server drains for shutdown.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Queryable, storage: StorageHealth): void {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = storage.problem() ?? (await databaseProblem(db));
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return { status: 'ok' };
  });
}

/** Null when `select 1` answers in time, else a short reason (never a connection string). */
async function databaseProblem(db: Queryable): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  const probe = db.query('select 1').then(
    () => null,
    (error: unknown) => `the database is not answering: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
