import type { ProcedureName } from '@mc/contract';
import { isReachable } from './network';
import { i18n } from '../i18n/i18n';

/** PostgREST's code for an exception raised by a procedure: a broken business rule (docs/product.md#procedures). */
export const BUSINESS_ERROR_CODE = 'P0001';
export const databaseErrorMessage = (): string => i18n._('error.database');
/** PostgreSQL's "invalid parameter value", which the server answers for a parameter its schema refuses. */
export const INVALID_PARAMETER_CODE = '22023';
/**
 * The one refused parameter a person typed themselves (an organiser's venue time zone): its message
 * says what to fix. Matched by name, so /signin's code need not carry the contract's zod schemas.
 */
const TYPED_BY_AN_ORGANISER = 'Invalid parameter p_time_zone:';
export const serverTroubleMessage = (): string => i18n._('error.serverTrouble');
export const invalidRequestMessage = (): string => i18n._('error.invalidRequest');

/** A call refused in the browser because there is no network: nothing reached the server. */
export const OFFLINE_CODE = 'OFFLINE';
export const offlineMessage = (): string => i18n._('error.offline');

/**
 * The details of an offline error whose request had left the browser when the network gave out:
 * the server may have applied it. A write in that state is checked before it is tried again
 * (docs/decisions/029-a-network-that-lies.md); a refused one (nothing sent) has no details.
 */
export const OUTCOME_UNKNOWN = 'outcome_unknown';

/** True when a call was sent but its answer was lost: it may or may not have been applied. */
export function outcomeUnknown(error: unknown): boolean {
  return isOfflineError(error) && (error as RpcError).details === OUTCOME_UNKNOWN;
}

/** A call refused or lost for want of a network (see OFFLINE_CODE). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof RpcError && error.code === OFFLINE_CODE;
}

/**
 * A read that failed for want of a network: refused or lost here (isOfflineError), or ended by the
 * offline support because nothing was kept for it (an Error named 'OfflineError', app/offline).
 */
export function isNetworkError(error: unknown): boolean {
  return isOfflineError(error) || (error instanceof Error && error.name === 'OfflineError');
}

/** True when the app is offline: the browser has no network, or the server stopped answering (lib/network.ts). */
export function browserIsOffline(): boolean {
  return !isReachable();
}

/** A failed procedure call. Carries the server's code and message; never shows anything itself. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  readonly code: string;
  readonly procedure: ProcedureName;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(procedure: ProcedureName, code: string, message: string, details: string | null = null, hint: string | null = null) {
    super(message);
    this.procedure = procedure;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  get isBusinessError(): boolean {
    return this.code === BUSINESS_ERROR_CODE;
  }
}

interface WireError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  hint?: unknown;
}

const asText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function toRpcError(procedure: ProcedureName, error: WireError): RpcError {
  const code = asText(error.code) ?? '';
  const message = asText(error.message);
  // supabase-js reports a request that never got an answer as a fetch failure with no code.
  if (!code && (browserIsOffline() || /failed to fetch|networkerror|load failed|NetworkUnavailableError|timeouterror|aborterror/i.test(message ?? ''))) {
    return new RpcError(procedure, OFFLINE_CODE, offlineMessage(), OUTCOME_UNKNOWN);
  }
  // A parameter the server refused ("Invalid parameter p_mission_id: …") is the app's fault, not the
  // person's: they get a sentence, the details stay for the console. (An organiser's time zone
  // that is not one is their own typing, and its message says so.)
  if (code === INVALID_PARAMETER_CODE && !message?.startsWith(TYPED_BY_AN_ORGANISER)) {
    return new RpcError(procedure, code, invalidRequestMessage(), message, asText(error.hint));
  }
  if (code === BUSINESS_ERROR_CODE) {
    return new RpcError(procedure, code, message ?? databaseErrorMessage(), asText(error.details), asText(error.hint));
  }
  // An error without a message (a proxy's error page, a server that fell over): a sentence for the
  // person, with the procedure's name kept in the details for the console.
  if (!message) return new RpcError(procedure, code, serverTroubleMessage(), `${procedure} failed`, asText(error.hint));
  return new RpcError(procedure, code, message, asText(error.details), asText(error.hint));
}

/** The first row of a list answer, the value itself for a single answer, or null when empty. */
export function firstRow<T>(data: T | readonly T[] | null | undefined): T | null {
  if (data === null || data === undefined) return null;
  if (Array.isArray(data)) return (data[0] as T | undefined) ?? null;
  return data as T;
}
