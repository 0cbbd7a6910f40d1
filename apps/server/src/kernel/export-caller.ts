import type { FastifyReply, FastifyRequest } from 'fastify';
import { MODERATION_MESSAGES } from '@mc/contract';
import type { SigningKeys } from '../auth/keys.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { RpcError } from '../http/errors.ts';
import type { CallContext } from '../rpc/procedure.ts';
import { callContextOf, sendRpcError } from '../rpc/routes.ts';
import { requireOrganiser } from './access.ts';

/**
 * The caller of an export route as an organiser, or null once the refusal is sent: 401 with what
 * to do for someone signed out, 403 for anyone else.
 */
export async function exportCaller(request: FastifyRequest, reply: FastifyReply, db: Db, keys: SigningKeys, config: Config): Promise<CallContext | null> {
  reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
  try {
    const ctx = await callContextOf(request, db, keys, config);
    await requireOrganiser(ctx);
    return ctx;
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    // Someone who opens the address signed out reads what to do, not a token error.
    const refusal = error.status === 401 ? new RpcError(401, error.code, MODERATION_MESSAGES.signedOutExport) : error;
    void sendRpcError(refusal, request, reply);
    return null;
  }
}
