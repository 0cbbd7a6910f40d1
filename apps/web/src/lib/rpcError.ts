import type { ProcedureName } from '@mc/contract';

/** PostgREST's code for an exception raised by a procedure: a broken business rule (SPEC §8). */
export const BUSINESS_ERROR_CODE = 'P0001';
export const DATABASE_ERROR_FALLBACK = 'Database error';

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
  if (code === BUSINESS_ERROR_CODE) {
    return new RpcError(procedure, code, message ?? DATABASE_ERROR_FALLBACK, asText(error.details), asText(error.hint));
  }
  return new RpcError(procedure, code, message ?? `${procedure} failed`, asText(error.details), asText(error.hint));
}

/** The first row of a list answer, the value itself for a single answer, or null when empty. */
export function firstRow<T>(data: T | readonly T[] | null | undefined): T | null {
  if (data === null || data === undefined) return null;
  if (Array.isArray(data)) return (data[0] as T | undefined) ?? null;
  return data as T;
}
