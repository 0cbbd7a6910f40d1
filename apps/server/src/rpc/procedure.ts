import type { FastifyBaseLogger } from 'fastify';
import { procedureParams, type ParsedProcedureParams, type ProcedureName, type ProcedureResult } from '@mc/contract';
import type { SigningKeys } from '../auth/keys.ts';
import type { Aal } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { forbidden, invalidParameter } from '../http/errors.ts';
import type { ServerLanguage } from '../i18n/language.ts';

/** Who is calling, as the verified access token says; nothing in the parameters overrides it. */
export interface CallContext {
  db: Db;
  /** The deployment's settings (the conference's dates and time zone, the public address, …). */
  config: Config;
  userId: string;
  email: string;
  /** The session the token belongs to, and its assurance level as the token says. */
  sessionId: string;
  aal: Aal;
  /** The request's language (its Accept-Language): what the texts the answer carries are written in. */
  language: ServerLanguage;
  log: FastifyBaseLogger;
  /** The server's signing keys: what signs badge codes (features/checkin) besides access tokens. */
  keys: SigningKeys;
}

/**
 * An answer that is already JSON text, built by the database, which the route sends as it is.
 * For large lists: it spares parsing every row into objects and serialising them back.
 * `T` is the answer the text stands for, so a handler still has to return its procedure's result type.
 */
export class JsonText<T> {
  /** Never set: it only ties the text to the type it encodes. */
  declare private readonly encodes?: T;
  constructor(readonly text: string) {}
}

/**
 * An answer that is JSON bytes put together by the handler, which the route sends as they are or
 * gzipped, whichever the caller accepts; the handler decides how the gzip is made and whether it is
 * kept (features/missions/list-cache.ts). `byteLength` is the length of `identity()`; `gzip()` is
 * the same bytes as a gzip member.
 */
export class PreparedJson<T> {
  /** Never set: it only ties the bytes to the type they encode. */
  declare private readonly encodes?: T;
  constructor(
    readonly byteLength: number,
    readonly identity: () => Buffer,
    readonly gzip: () => Promise<Buffer>,
  ) {}
}

/** What a handler may return: its procedure's result from the contract, as a value, as JSON text or as prepared JSON. */
export type Answer<N extends ProcedureName> = ProcedureResult<N> | JsonText<ProcedureResult<N>> | PreparedJson<ProcedureResult<N>>;

/**
 * Whose e-mail addresses a procedure's answer carries. Every call to an `others` procedure also
 * counts against the per-person hourly limit on looking people up (rpc/call-limits.ts,
 * docs/security.md); `own` answers only the caller's own address.
 */
export type EmailsInAnswer = 'others' | 'own';

/** An answer field holding an e-mail address: `email`, or a name ending in `_email`. */
type EmailKey = 'email' | `${string}_email`;

/** Whether an answer type has an e-mail field at any depth (in a row, a nested object or a list). */
export type CarriesEmail<T> = T extends readonly (infer Item)[]
  ? CarriesEmail<Item>
  : T extends object
    ? [Extract<keyof T, EmailKey>] extends [never]
      ? true extends { [K in keyof T]-?: CarriesEmail<T[K]> }[keyof T]
        ? true
        : false
      : true
    : false;

/** The procedures whose contract answer has no e-mail field: only these may leave `emails` out. */
export type ProcedureWithoutEmails = { [N in ProcedureName]: true extends CarriesEmail<ProcedureResult<N>> ? never : N }[ProcedureName];

export interface Procedure<N extends ProcedureName = ProcedureName> {
  name: N;
  /** Whose e-mail addresses the answer carries, or null for none. */
  emails: EmailsInAnswer | null;
  handle(body: unknown, ctx: CallContext): Promise<Answer<N>>;
}

/** The parameters of procedure N that hold a user id (a string, or null where null is allowed). */
export type UserIdParameter<N extends ProcedureName> = {
  [K in keyof ParsedProcedureParams<N>]-?: ParsedProcedureParams<N>[K] extends string | null | undefined ? K : never;
}[keyof ParsedProcedureParams<N>] &
  string;

export interface Access<N extends ProcedureName> {
  /**
   * The parameter that must name the caller (p_user_id, p_creator_id, …). A call naming anyone else
   * is refused with 403 before the handler runs. Null, where the schema allows it, means the caller.
   */
  caller?: UserIdParameter<N>;
}

/**
 * What a procedure declares beside its handler. `emails` is required, by type, for every procedure
 * whose contract answer has an e-mail field, so none can answer addresses outside the hourly limit
 * unnoticed; it may also be given for addresses kept under other names.
 */
export type ProcedureOptions<N extends ProcedureName> = Access<N> &
  (true extends CarriesEmail<ProcedureResult<N>> ? { emails: EmailsInAnswer } : { emails?: EmailsInAnswer });

export type Handler<N extends ProcedureName> = (params: ParsedProcedureParams<N>, ctx: CallContext) => Promise<Answer<N>>;

/**
 * Binds a handler to its contract entry: the handler only ever sees validated parameters, the
 * caller parameter (when declared) is checked here, and the handler must answer the contract's
 * result type for the procedure.
 */
export function procedure<N extends ProcedureWithoutEmails>(name: N, run: Handler<N>): Procedure<N>;
export function procedure<N extends ProcedureName>(name: N, options: ProcedureOptions<N>, run: Handler<N>): Procedure<N>;
export function procedure<N extends ProcedureName>(name: N, optionsOrRun: ProcedureOptions<N> | Handler<N>, maybeRun?: Handler<N>): Procedure<N> {
  return bindProcedure(name, optionsOrRun, maybeRun);
}

/** procedure()'s body, for wrappers with the same two forms (organiserProcedure). */
export function bindProcedure<N extends ProcedureName>(
  name: N,
  optionsOrRun: (Access<N> & { emails?: EmailsInAnswer }) | Handler<N>,
  maybeRun?: Handler<N>,
): Procedure<N> {
  const schema = procedureParams[name];
  const options = typeof optionsOrRun === 'function' ? null : optionsOrRun;
  const run = typeof optionsOrRun === 'function' ? optionsOrRun : maybeRun;
  if (!run) throw new Error(`procedure ${name} has no handler`);
  const caller = options?.caller;
  return {
    name,
    emails: options?.emails ?? null,
    async handle(body, ctx) {
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || (issue && 'keys' in issue ? String(issue.keys) : '');
        throw invalidParameter(`Invalid parameter${field ? ` ${field}` : ''}: ${issue?.message ?? 'bad value'}`);
      }
      const params = parsed.data as ParsedProcedureParams<N>;
      if (caller) assertCaller(ctx, params[caller], caller);
      return run(params, ctx);
    },
  };
}

/** A parameter naming a user must name the caller; null or absent (where the schema allows it) means the caller. */
function assertCaller(ctx: CallContext, value: unknown, parameter: string): void {
  if (value === null || value === undefined) return;
  if (value !== ctx.userId) throw forbidden(`${parameter} must be your own user id`);
}
