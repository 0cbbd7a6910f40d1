import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError } from '../http/errors.ts';
import type { SigningKeys } from './keys.ts';
import type { AuthService } from './service.ts';
import { verifyAccessToken, type AccessClaims } from './tokens.ts';

/** The subset of Supabase Auth (GoTrue) that supabase-js uses, under /auth/v1. */
export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, keys: SigningKeys): void {
  const claimsOf = async (request: FastifyRequest): Promise<AccessClaims> => {
    const token = bearerToken(request);
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    const result = await verifyAccessToken(keys, token);
    if (!result.ok) throw new AuthError(403, 'bad_jwt', result.reason === 'expired' ? 'invalid JWT: token is expired' : 'invalid JWT: unable to parse or verify signature');
    return result.claims;
  };

  app.register(
    async (auth_v1) => {
      auth_v1.setErrorHandler((error, request, reply) => sendAuthError(error, request, reply));

      auth_v1.get('/.well-known/jwks.json', async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=600');
        return { keys: [keys.publicJwk] };
      });

      auth_v1.post('/signup', async (request) => auth.signUp(request.body, request.ip));

      auth_v1.post('/token', async (request) => {
        const { grant_type } = request.query as { grant_type?: string };
        if (grant_type === 'password') return auth.signInWithPassword(request.body, request.ip);
        if (grant_type === 'refresh_token') return auth.refresh(request.body, request.ip);
        throw new AuthError(400, 'validation_failed', 'Unsupported grant_type');
      });

      auth_v1.get('/user', async (request) => auth.getUser(await claimsOf(request)));
      auth_v1.put('/user', async (request) => auth.updateUser(await claimsOf(request), request.body));

      auth_v1.post('/logout', async (request, reply) => {
        const { scope } = request.query as { scope?: string };
        const token = bearerToken(request);
        const result = token ? await verifyAccessToken(keys, token) : null;
        // Signing out with an expired or missing token still succeeds: there is nothing left to end.
        if (result?.ok) await auth.logout(result.claims, scope ?? 'global');
        return reply.code(204).send();
      });

      auth_v1.post('/recover', async (request) => {
        const { redirect_to } = request.query as { redirect_to?: string };
        await auth.recover(request.body, redirect_to, request.ip);
        return {};
      });

      auth_v1.get('/verify', async (request, reply) => {
        const query = request.query as { token?: string; type?: string; redirect_to?: string };
        return reply.redirect(await auth.verify(query), 303);
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

function sendAuthError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AuthError) return reply.code(error.status).send(error.toBody());
  const status = statusOf(error);
  if (status && status < 500) {
    const message = error instanceof Error ? error.message : 'Bad request';
    return reply.code(status).send(new AuthError(status, 'validation_failed', message).toBody());
  }
  request.log.error({ err: error }, 'auth request failed');
  return reply.code(500).send(new AuthError(500, 'unexpected_failure', 'Something went wrong on our side. Please try again.').toBody());
}

export function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number') return error.statusCode;
  return undefined;
}
