import { sqlState } from '../db/db.ts';

/**
 * What of an error may be written to the log. A database error carries the statement's
 * parameters (PGlite keeps them on the error as `params`), its message can quote a value
 * ("invalid input syntax for type uuid: …") and its detail the key that collided: none of that
 * may reach a log line, so a database error is logged by its SQLSTATE and where it happened
 * (routine, table, column, constraint: schema names, not data). Any other error keeps its type,
 * message and stack, with e-mail addresses and phone-like numbers masked, because a library's
 * message can quote its input (a mail server refusing a recipient, for one).
 */
export interface SafeError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function safeError(error: unknown): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a thrown value that is not an Error', stack: '' };
  const type = error.constructor.name || error.name;
  if (isDatabaseError(error)) {
    const code = sqlState(error) ?? '';
    const fields: SafeError = { type: 'DatabaseError', message: `database error ${code}`, stack: '', code };
    for (const name of ['severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const) {
      const value = (error as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' && value) fields[name] = value;
    }
    return fields;
  }
  const code = sqlState(error);
  return {
    type,
    message: maskPersonalData(error.message),
    ...(code ? { code } : {}),
    stack: maskPersonalData(error.stack ?? ''),
  };
}

/** Errors from PostgreSQL (pg) or PGlite: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Error): boolean {
  const code = sqlState(error);
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in error;
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
const PHONE_LIKE = /\+?\d[\d ]{7,}\d/g;

export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, '[e-mail]').replace(PHONE_LIKE, '[number]');
}
