/**
 * Errors in the shapes supabase-js parses: Supabase Auth's {code, error_code, msg} for /auth/v1,
 * PostgREST's {code, message, details, hint} for /rest/v1.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }

  toBody(): { code: number; error_code: string; msg: string } {
    return { code: this.status, error_code: this.errorCode, msg: this.message };
  }
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

  toBody(): { code: string; message: string; details: string | null; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A broken business rule (SPEC §8): PostgREST answers a RAISE EXCEPTION with 400 and P0001. */
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
