import type { FastifyBaseLogger } from 'fastify';
import { procedureParams, type ParsedProcedureParams, type ProcedureName } from '@mc/contract';
import type { Db } from '../db/db.ts';
import { forbidden, invalidParameter } from '../http/errors.ts';

/** Who is calling, as the verified access token says; nothing in the parameters overrides it. */
export interface CallContext {
  db: Db;
  userId: string;
  email: string;
  log: FastifyBaseLogger;
}

export interface Procedure {
  name: ProcedureName;
  handle(body: unknown, ctx: CallContext): Promise<unknown>;
}

/**
 * An answer that is already JSON text, built by the database, which the route sends as it is.
 * For large lists: it spares parsing every row into objects and serialising them back.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Binds a handler to its contract schema: the handler only ever sees validated parameters. */
export function procedure<N extends ProcedureName>(
  name: N,
  run: (params: ParsedProcedureParams<N>, ctx: CallContext) => Promise<unknown>,
): Procedure {
  const schema = procedureParams[name];
  return {
    name,
    async handle(body, ctx) {
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || (issue && 'keys' in issue ? String(issue.keys) : '');
        throw invalidParameter(`Invalid parameter${field ? ` ${field}` : ''}: ${issue?.message ?? 'bad value'}`);
      }
      return run(parsed.data as ParsedProcedureParams<N>, ctx);
    },
  };
}

/** Parameters naming a user (p_user_id, p_creator_id, …) must name the caller. */
export function assertSelf(ctx: CallContext, userId: string | null | undefined, parameter: string): void {
  if (userId !== ctx.userId) throw forbidden(`${parameter} must be your own user id`);
}
