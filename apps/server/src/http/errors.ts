import { isIsoDate } from '@mc/contract/agenda.ts';
import { ABORTED_TRANSACTION_STATES, sqlState } from '../db/db.ts';
import type { ServerLanguage } from '../i18n/language.ts';
import { translate } from '../i18n/translate.ts';

/**
 * Errors in the shapes supabase-js parses: Supabase Auth's {code, error_code, msg} for /auth/v1,
 * PostgREST's {code, message, details, hint} for /rest/v1. They are thrown with the English
 * message; the body, written here and nowhere else, has it in the request's language (`languageOf`
 * its Accept-Language, i18n/). Codes, statuses, details and hints are never translated.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    /** For a 429: when the limit lets the caller in again, sent as Retry-After (clients and proxies read it). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  toBody(language: ServerLanguage): { code: number; error_code: string; msg: string } {
    return { code: this.status, error_code: this.errorCode, msg: translate(this.message, language) };
  }

  /** The body in the shape the request's API version asks for (see `authApiVersion`), in the request's language. */
  bodyFor(version: AuthApiVersion | null, language: ServerLanguage): { code: number; error_code: string; msg: string } | { code: string; message: string } {
    return version ? { code: this.errorCode, message: translate(this.message, language) } : this.toBody(language);
  }
}

/** Supabase Auth's newer error shape, which supabase-js asks for on every call. */
export type AuthApiVersion = '2024-01-01';
export const AUTH_API_VERSION_HEADER = 'x-supabase-api-version';

/**
 * As Supabase Auth reads `X-Supabase-Api-Version` (a calendar date, YYYY-MM-DD, parsed as one): a
 * date on or after 2024-01-01 gets errors as `{code: error_code, message}` and the version echoed
 * back in the same header; no header, an earlier date, or one that is not a real date (2024-02-31)
 * gets the first shape `{code: status, error_code, msg}`.
 */
export function authApiVersion(headers: Record<string, string | string[] | undefined>): AuthApiVersion | null {
  const value = headers[AUTH_API_VERSION_HEADER];
  if (typeof value !== 'string' || !isIsoDate(value)) return null;
  return value >= '2024-01-01' ? '2024-01-01' : null;
}

export class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  /** The body in the request's language (the message only). */
  toBody(language: ServerLanguage): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: translate(this.message, language), details: this.details, hint: this.hint };
  }
}

/** A broken business rule (docs/product.md#procedures): PostgREST answers a RAISE EXCEPTION with 400 and P0001. */
export function businessError(message: string): RpcError {
  return new RpcError(400, 'P0001', message);
}

/** The caller may not do this (PostgREST: 403, insufficient_privilege). */
export function forbidden(message: string): RpcError {
  return new RpcError(403, '42501', message);
}

export function invalidParameter(message: string): RpcError {
  return new RpcError(400, '22023', message);
}

/** What a person reads when the database has no room to write (a full disk or quota). */
export const STORAGE_FULL_MESSAGE =
  'The server cannot save right now because its storage is full. Please try again in a few minutes; nothing you sent was saved.';

/** What a person reads when the database cannot take more work for a moment (no connection slot or memory left). */
export const SERVER_BUSY_MESSAGE = 'The server is too busy to answer right now. Please try again in a moment; nothing you sent was saved.';

/** What a request that arrives while the server drains for shutdown is answered. */
export const RESTARTING_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * How a database error answers when the request, not the server, is at fault, or when the server
 * cannot write: invalid text or number for a type, a value too long, a reference to nothing, text
 * the database cannot store, a value too large to index; or when the database cannot take the work
 * for now (out of resources, or a transaction aborted on each of its tries). Null: a fault of ours (500).
 */
export function classifyDatabaseError(error: unknown): { status: 400; state: string } | { status: 503; state: string; storageFull: boolean } | null {
  const state = sqlState(error);
  if (!state) return null;
  if (['22P02', '22001', '22003', '22007', '22008', '22021', '22P05', '23503', '54000'].includes(state)) return { status: 400, state };
  // 53100 disk full, and the OS's own codes: nothing can be written until someone makes room.
  if (state === '53100' || state === 'ENOSPC' || state === 'EDQUOT') return { status: 503, state, storageFull: true };
  // The rest of class 53, insufficient resources (53300 too many connections, 53200 out of memory):
  // passing, as during the vote spike; the instance stays ready.
  if (state.startsWith('53')) return { status: 503, state, storageFull: false };
  // A deadlock or serialization failure still there after the transaction's last try
  // (db/db.ts, retryAborted): nothing was saved, and the same request a moment later will pass.
  if (ABORTED_TRANSACTION_STATES.has(state)) return { status: 503, state, storageFull: false };
  return null;
}

/**
 * The error body in the shape the caller's client parses, chosen by where the request went (and,
 * for /auth/, by the API version it asked for; the caller echoes the version header), in the
 * request's language.
 */
export function errorBodyFor(
  path: string,
  status: number,
  message: string,
  codes: { rest: string; auth: string },
  authVersion: AuthApiVersion | null,
  language: ServerLanguage,
): object {
  if (path.startsWith('/rest/')) return new RpcError(status, codes.rest, message).toBody(language);
  if (path.startsWith('/auth/')) return new AuthError(status, codes.auth, message).bodyFor(authVersion, language);
  return { code: codes.auth, message: translate(message, language) };
}
