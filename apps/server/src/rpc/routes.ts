import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AAL2_REQUIRED_HINT, AAL2_REQUIRED_MESSAGE } from '@mc/contract';
import type { SigningKeys } from '../auth/keys.ts';
import { hasVerifiedFactorNow } from '../auth/mfa.ts';
import { bearerToken, statusOf } from '../auth/routes.ts';
import { looksLikeJwt, verifyAccessToken } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { classifyDatabaseError, RpcError, SERVER_BUSY_MESSAGE, STORAGE_FULL_MESSAGE } from '../http/errors.ts';
import { languageOf } from '../i18n/language.ts';
import { describeBadInput, findBadInput, findBadQuery } from '../http/input-guard.ts';
import type { StorageHealth } from '../http/storage-health.ts';
import type { CallLimits } from './call-limits.ts';
import { encodingWeights } from '../http/accept-encoding.ts';
import { ANSWER_GZIP_THRESHOLD } from '../http/answer-gzip.ts';
import { JsonText, PreparedJson, type CallContext, type Procedure } from './procedure.ts';

/** PostgREST's RPC endpoint: POST /rest/v1/rpc/{name} with the named parameters as JSON. */
export interface RpcRouteDeps {
  db: Db;
  keys: SigningKeys;
  config: Config;
  limits: CallLimits;
  storage: StorageHealth;
  /** The handler for a name from the URL, or undefined: the root's table of every procedure. */
  findProcedure: (name: string) => Procedure | undefined;
}

export function registerRpcRoutes(app: FastifyInstance, { db, keys, config, limits, storage, findProcedure }: RpcRouteDeps): void {
  app.register(
    async (rest) => {
      rest.setErrorHandler((error, request, reply) => sendRpcError(error, request, reply, storage));
      // Every answer under /rest/v1 has PostgREST's shape, an unknown path included.
      rest.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        return sendRpcError(new RpcError(404, 'PGRST125', `Invalid path specified in request URL: ${path}`), request, reply);
      });
      // Procedure answers are JSON that no browser renders, so the page-level headers helmet sets
      // (CSP, frame options, …) mean nothing here, and rebuilding them cost ~7 % of a vote's CPU
      // in the spike. What does matter for JSON is kept on every answer, errors included.
      rest.addHook('onRequest', async (_request, reply) => {
        reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
      });
      rest.addHook('preHandler', async (request) => {
        const bad = findBadQuery(request.query);
        if (bad) throw new RpcError(400, 'PGRST100', `Invalid query parameter ${describeBadInput(bad)}`);
      });

      rest.post<{ Params: { name: string } }>('/rpc/:name', { helmet: false }, async (request, reply) => {
        const procedure = findProcedure(request.params.name);
        if (!procedure) {
          throw new RpcError(404, 'PGRST202', `Could not find the function ${request.params.name} in the schema cache`);
        }
        const ctx = await callContextOf(request, db, keys, config);
        // The one place procedure calls are counted per person (docs/security.md).
        const verdict = limits.check(ctx.userId, procedure.emails === 'others');
        if (!verdict.ok) {
          const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
          reply.header('retry-after', String(verdict.retryAfterSeconds));
          throw new RpcError(
            429,
            '53400',
            `You are doing this too often. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
            verdict.directory ? 'The hourly limit on looking up other people was reached.' : 'The per-minute limit on requests was reached.',
          );
        }
        const bad = findBadInput(request.body);
        if (bad) throw new RpcError(400, '22023', `Invalid parameter ${describeBadInput(bad)}`);
        const result = await procedure.handle(request.body, ctx);
        reply.header('content-type', 'application/json; charset=utf-8');
        if (result instanceof PreparedJson) return sendPrepared(request, reply, result);
        return reply.send(result instanceof JsonText ? result.text : JSON.stringify(result ?? null));
      });

      // Functions are called with POST here; any other method is refused in PostgREST's shape.
      rest.route<{ Params: { name: string } }>({
        method: ['GET', 'PUT', 'PATCH', 'DELETE'],
        url: '/rpc/:name',
        handler: async (request) => {
          throw new RpcError(405, 'PGRST101', `Call functions with POST, not ${request.method}`);
        },
      });
    },
    { prefix: '/rest/v1' },
  );
}

/**
 * Prepared JSON goes out gzipped exactly when @fastify/compress would gzip the same bytes (at least
 * the threshold, gzip accepted, no x-no-compression), with its Vary header; otherwise as it is.
 * An answer that already has a Content-Encoding passes @fastify/compress untouched.
 */
async function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedJson<unknown>): Promise<FastifyReply> {
  const gzip =
    answer.byteLength >= ANSWER_GZIP_THRESHOLD &&
    request.headers['x-no-compression'] === undefined &&
    encodingWeights(request.headers['accept-encoding'])('gzip') > 0;
  if (!gzip) return reply.send(answer.identity());
  const body = await answer.gzip();
  return reply.header('vary', 'accept-encoding').header('content-encoding', 'gzip').send(body);
}

/**
 * Who is calling, from the request's access token: 401 when signed out or the token is bad, 403
 * when the account has a second factor this session has not entered. Shared by the procedures and
 * the few routes that are not procedures (uploads), so every signed-in call is checked alike.
 */
export async function callContextOf(request: FastifyRequest, db: Db, keys: SigningKeys, config: Config): Promise<CallContext> {
  const token = bearerToken(request);
  // supabase-js sends the anon key as the bearer when nobody is signed in: that is "signed out".
  if (!token || !looksLikeJwt(token)) throw new RpcError(401, 'PGRST301', 'You must be signed in to do this');
  const verified = await verifyAccessToken(keys, token);
  if (!verified.ok) {
    throw new RpcError(401, verified.reason === 'expired' ? 'PGRST303' : 'PGRST301', verified.reason === 'expired' ? 'JWT expired' : 'Invalid access token');
  }
  const { claims } = verified;
  const aal = claims.aal === 'aal2' ? 'aal2' : 'aal1';
  // Someone who turned on a second factor acts only after entering a code in this session,
  // whatever the procedure: their date of birth alone no longer speaks for them.
  if (aal !== 'aal2' && (await hasVerifiedFactorNow(db, claims.sub))) {
    throw new RpcError(403, '42501', AAL2_REQUIRED_MESSAGE, null, AAL2_REQUIRED_HINT);
  }
  const language = languageOf(request.headers['accept-language']);
  return { db, config, userId: claims.sub, email: claims.email, sessionId: claims.session_id, aal, language, log: request.log, keys };
}

/** A procedure's error, or any other thrown under /rest/v1, in PostgREST's shape and the request's language. */
export function sendRpcError(error: unknown, request: FastifyRequest, reply: FastifyReply, storage?: StorageHealth): FastifyReply {
  const language = languageOf(request.headers['accept-language']);
  if (error instanceof RpcError) return reply.code(error.status).send(error.toBody(language));
  const status = statusOf(error);
  if (status && status < 500) {
    const message = error instanceof Error ? error.message : 'Bad request';
    return reply.code(status).send(new RpcError(status, 'PGRST100', message).toBody(language));
  }
  // Invalid text for a type, a value too long, a broken foreign key: the caller sent something wrong.
  const database = classifyDatabaseError(error);
  if (database?.status === 400) {
    return reply
      .code(400)
      .send(new RpcError(400, database.state, 'A parameter refers to something that does not exist or has the wrong form').toBody(language));
  }
  if (database?.status === 503 && !database.storageFull) {
    request.log.warn({ err: error }, 'the database is out of resources for now');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(new RpcError(503, database.state, SERVER_BUSY_MESSAGE).toBody(language));
  }
  if (database?.status === 503) {
    storage?.reportFull(error);
    request.log.error({ err: error }, 'the database cannot write');
    return reply
      .code(503)
      .header('retry-after', '60')
      .send(new RpcError(503, database.state, STORAGE_FULL_MESSAGE).toBody(language));
  }
  request.log.error({ err: error }, 'procedure failed');
  return reply.code(500).send(new RpcError(500, 'XX000', 'Something went wrong on our side. Please try again.').toBody(language));
}
