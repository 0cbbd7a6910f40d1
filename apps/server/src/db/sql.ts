// Small pieces of SQL text that any query may use; they know no table.

/**
 * A timestamp as the text JSON.stringify gives a JavaScript Date ("2026-11-22T09:30:00.123Z"), so
 * an answer reads the same whether the database or the server writes its JSON.
 */
export function isoTime(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Escapes LIKE's wildcards (and the escape character itself) so a term matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}
