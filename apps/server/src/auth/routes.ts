import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, authApiVersion, AUTH_API_VERSION_HEADER, classifyDatabaseError, SERVER_BUSY_MESSAGE, STORAGE_FULL_MESSAGE } from '../http/errors.ts';
import { describeBadInput, findBadInput, findBadQuery } from '../http/input-guard.ts';
import { languageOf } from '../i18n/language.ts';
import type { StorageHealth } from '../http/storage-health.ts';
import type { SigningKeys } from './keys.ts';
import type { AuthService, WithDevice } from './service.ts';
import { deviceTokenOf } from './trusted-devices.ts';
import { verifyAccessToken, type AccessClaims } from './tokens.ts';

/** The subset of Supabase Auth (GoTrue) that supabase-js uses, under /auth/v1. */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, keys: SigningKeys, storage: StorageHealth): void {
  const claimsOf = async (request: FastifyRequest): Promise<AccessClaims> => {
    const token = bearerToken(request);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const result = await verifyAccessToken(keys, token);
    if (!result.ok)
      throw new AuthError(403, 'bad_jwt', result.reason === 'expired' ? 'invalid JWT: token is expired' : 'invalid JWT: unable to parse or verify signature');
    return result.claims;
  };

  app.register(
    async (auth_v1) => {
      auth_v1.setErrorHandler((error, request, reply) => sendAuthError(error, request, reply, storage));
      auth_v1.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        return sendAuthErrorBody(request, reply, new AuthError(404, 'not_found', `Nothing at ${request.method} ${path}`));
      });
      // A parameter given twice, an array where text belongs, text the database cannot store:
      // refused before any route reads it, naming the parameter (never its value).
      auth_v1.addHook('preHandler', async (request) => {
        const query = findBadQuery(request.query);
        if (query) throw new AuthError(400, 'validation_failed', `Invalid query parameter ${describeBadInput(query)}`);
        const body = findBadInput(request.body);
        if (body) throw new AuthError(400, 'validation_failed', `Invalid field ${describeBadInput(body)}`);
      });

      auth_v1.get('/.well-known/jwks.json', async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=600');
        return { keys: [keys.publicJwk] };
      });

      // Sign-up, sign-in, a reset link and a new date of birth make the browser a trusted device
      // (trusted-devices.ts): another's wrong guesses never lock it out.
      const withDevice = <T>(reply: FastifyReply, answer: WithDevice<T>): T => {
        if (answer.device) reply.header('set-cookie', auth.deviceCookie(answer.device));
        return answer.result;
      };

      auth_v1.post('/signup', async (request, reply) => withDevice(reply, await auth.signUp(request.body, request.ip, request.headers['user-agent'])));

      auth_v1.post('/token', async (request, reply) => {
        const { grant_type } = request.query as { grant_type?: string };
        if (grant_type === 'password')
          return withDevice(
            reply,
            await auth.signInWithPassword(request.body, request.ip, deviceTokenOf(request.headers.cookie), request.headers['user-agent']),
          );
        if (grant_type === 'refresh_token') return auth.refresh(request.body, request.ip);
        throw new AuthError(400, 'validation_failed', 'Unsupported grant_type');
      });

      auth_v1.get('/user', async (request) => auth.getUser(await claimsOf(request)));
      auth_v1.put('/user', async (request, reply) => withDevice(reply, await auth.updateUser(await claimsOf(request), request.body)));

      auth_v1.post('/logout', async (request, reply) => {
        const { scope = 'global' } = request.query as { scope?: string };
        if (!['global', 'local', 'others'].includes(scope))
          throw new AuthError(400, 'validation_failed', 'Unsupported logout scope: use global, local or others');
        // As Supabase Auth: no token is 401, an expired or forged one 403; supabase-js signs out
        // locally on either. A session already ended is ended again without complaint.
        await auth.logout(await claimsOf(request), scope);
        return reply.code(204).send();
      });

      // Second factors (supabase-js `auth.mfa`): enrol, challenge, verify, unenrol.
      auth_v1.post('/factors', async (request) => auth.mfa.enroll(await claimsOf(request), request.body));
      auth_v1.post<{ Params: { id: string } }>('/factors/:id/challenge', async (request) =>
        auth.mfa.challenge(await claimsOf(request), request.params.id, request.ip),
      );
      auth_v1.post<{ Params: { id: string } }>('/factors/:id/verify', async (request) =>
        auth.mfa.verify(await claimsOf(request), request.params.id, request.body, request.ip),
      );
      auth_v1.delete<{ Params: { id: string } }>('/factors/:id', async (request) => auth.mfa.unenroll(await claimsOf(request), request.params.id));

      auth_v1.post('/recover', async (request) => {
        const { redirect_to } = request.query as { redirect_to?: string };
        await auth.recover(request.body, redirect_to, request.ip);
        return {};
      });

      auth_v1.get('/verify', async (request, reply) => {
        const query = request.query as { token?: string; type?: string; redirect_to?: string };
        return reply.redirect(withDevice(reply, await auth.verify(query, request.headers['user-agent'])), 303);
      });
    },
    { prefix: '/auth/v1' },
  );
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * An auth error in the shape the request's API version asks for, with the version echoed as
 * Supabase Auth does, and its message in the request's language.
 */
function sendAuthErrorBody(request: FastifyRequest, reply: FastifyReply, error: AuthError): FastifyReply {
  const version = authApiVersion(request.headers);
  if (version) reply.header(AUTH_API_VERSION_HEADER, version);
  // Every 429 says when to come back; a limit that does not know waits a minute.
  if (error.status === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
  return reply.code(error.status).send(error.bodyFor(version, languageOf(request.headers['accept-language'])));
}

function sendAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply, storage: StorageHealth): FastifyReply {
  if (error instanceof AuthError) return sendAuthErrorBody(request, reply, error);
  const status = statusOf(error);
  if (status && status < 500) {
    const message = error instanceof Error ? error.message : 'Bad request';
    return sendAuthErrorBody(request, reply, new AuthError(status, 'validation_failed', message));
  }
  const database = classifyDatabaseError(error);
  if (database?.status === 400) {
    return sendAuthErrorBody(request, reply, new AuthError(400, 'validation_failed', 'A field has a value that cannot be stored'));
  }
  if (database?.status === 503 && !database.storageFull) {
    request.log.warn({ err: error }, 'the database is out of resources for now');
    return sendAuthErrorBody(request, reply.header('retry-after', '5'), new AuthError(503, 'service_unavailable', SERVER_BUSY_MESSAGE));
  }
  if (database?.status === 503) {
    storage.reportFull(error);
    request.log.error({ err: error }, 'the database cannot write');
    return sendAuthErrorBody(request, reply.header('retry-after', '60'), new AuthError(503, 'service_unavailable', STORAGE_FULL_MESSAGE));
  }
  request.log.error({ err: error }, 'auth request failed');
  return sendAuthErrorBody(request, reply, new AuthError(500, 'unexpected_failure', 'Something went wrong on our side. Please try again.'));
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number') return error.statusCode;
  return undefined;
}
