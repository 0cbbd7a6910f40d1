import { expect } from 'vitest';
import type { Queryable } from '../src/db/db.ts';

/**
 * Where `needles` (a person's id, e-mail, names) still occur: every text-like column of every table
 * of this schema, read from the database's own catalogue, so a table added later is searched too.
 * Answers "table.column holds needle" for each hit.
 */
export async function tracesOf(db: Queryable, needles: readonly string[]): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
        and c.data_type in ('text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY')
      order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const text = `coalesce("${table_name}"."${column_name}"::text, '')`;
    for (const needle of needles) {
      const [row] = await db.query<{ n: number }>(`select count(*)::int as n from "${table_name}" where strpos(lower(${text}), lower($1)) > 0`, [needle]);
      if (row && row.n > 0) found.push(`${table_name}.${column_name} holds ${needle}`);
    }
  }
  return found;
}
