import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SigningKeys } from '../auth/keys.ts';
import { bearerToken, statusOf } from '../auth/routes.ts';
import { looksLikeJwt, verifyAccessToken } from '../auth/tokens.ts';
import type { Db } from '../db/db.ts';
import { sqlState } from '../db/db.ts';
import { RpcError } from '../http/errors.ts';
import { JsonText } from './procedure.ts';
import { procedures } from './registry.ts';

/** PostgREST's RPC endpoint: POST /rest/v1/rpc/{name} with the named parameters as JSON. */
export function registerRpcRoutes(app: FastifyInstance, db: Db, keys: SigningKeys): void {
  app.register(
    async (rest) => {
      rest.setErrorHandler((error, request, reply) => sendRpcError(error, request, reply));
      // Procedure answers are JSON that no browser renders, so the page-level headers helmet sets
      // (CSP, frame options, …) mean nothing here, and rebuilding them cost ~7 % of a vote's CPU
      // in the spike. What does matter for JSON is kept on every answer, errors included.
      rest.addHook('onRequest', async (_request, reply) => {
        reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
      });

      rest.post<{ Params: { name: string } }>('/rpc/:name', { helmet: false }, async (request, reply) => {
        const procedure = procedures.get(request.params.name);
        if (!procedure) {
          throw new RpcError(404, 'PGRST202', `Could not find the function ${request.params.name} in the schema cache`);
        }
        const token = bearerToken(request);
        // supabase-js sends the anon key as the bearer when nobody is signed in: that is "signed out".
        if (!token || !looksLikeJwt(token)) throw new RpcError(401, 'PGRST301', 'You must be signed in to do this');
        const verified = await verifyAccessToken(keys, token);
        if (!verified.ok) {
          throw new RpcError(401, verified.reason === 'expired' ? 'PGRST303' : 'PGRST301', verified.reason === 'expired' ? 'JWT expired' : 'Invalid access token');
        }
        const result = await procedure.handle(request.body, {
          db,
          userId: verified.claims.sub,
          email: verified.claims.email,
          log: request.log,
        });
        const body = result instanceof JsonText ? result.text : JSON.stringify(result ?? null);
        return reply.header('content-type', 'application/json; charset=utf-8').send(body);
      });
    },
    { prefix: '/rest/v1' },
  );
}

function sendRpcError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof RpcError) return reply.code(error.status).send(error.toBody());
  const status = statusOf(error);
  if (status && status < 500) {
    const message = error instanceof Error ? error.message : 'Bad request';
    return reply.code(status).send(new RpcError(status, 'PGRST100', message).toBody());
  }
  // Invalid text for a type, a value too long, a broken foreign key: the caller sent something wrong.
  const state = sqlState(error);
  if (state === '22P02' || state === '22001' || state === '23503') {
    return reply.code(400).send(new RpcError(400, state, 'A parameter refers to something that does not exist or has the wrong form').toBody());
  }
  request.log.error({ err: error }, 'procedure failed');
  return reply.code(500).send(new RpcError(500, 'XX000', 'Something went wrong on our side. Please try again.').toBody());
}
