import { strToU8, zipSync } from 'fflate';
import { DATA_EXPORT_HOURS } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';

/*
 * "Download my data" (docs/product.md#downloading-my-data): everything the product holds about a
 * person, as JSON in a zip with a short README. The zip is
 * written by fflate (small, maintained, no native code, synchronous for a file this size; archiver
 * streams but drags in a dozen packages, jszip is larger and slower). Which tables hold a person's rows is read from the database's catalogue:
 * every column with a foreign key to users, so a table added later is in the file without a change
 * here.
 */

/** Columns never written to the file: secrets and hashes (sign-in, second factor, links) and the archives themselves. */
const WITHHELD_COLUMN = /(hash|secret|token|archive|bytes)/i;

/** Tables whose rows are not the person's data but the machinery around it. */
const WITHHELD_TABLES = new Set(['data_exports']);

/** Columns that name the person in rows about someone else: the check-ins door staff recorded are the checked-in people's data. */
const WITHHELD_REFERENCES = new Set(['checkins.recorded_by']);

export interface PersonReferences {
  table: string;
  column: string;
}

/** Every (table, column) of this schema with a foreign key to users(id), from pg_catalog. */
export async function tablesReferencingUsers(db: Queryable): Promise<PersonReferences[]> {
  return db.query<PersonReferences>(
    `select child.relname as table, a.attname as column
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace ns on ns.oid = parent.relnamespace
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and parent.relname = 'users' and ns.nspname = current_schema()
      order by 1, 2`,
  );
}

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !WITHHELD_COLUMN.test(column)));
}

/** The person's data as one JSON-ready object, or null when there is no such account. */
export async function collectPersonData(db: Queryable, userId: string): Promise<Record<string, unknown> | null> {
  const [account] = await db.query<Record<string, unknown> & { email: string }>('select * from users where id = $1', [userId]);
  if (!account) return null;
  const tables: Record<string, Record<string, unknown[]>> = {};
  for (const { table, column } of await tablesReferencingUsers(db)) {
    if (WITHHELD_TABLES.has(table) || WITHHELD_REFERENCES.has(`${table}.${column}`)) continue;
    // Names come from the catalogue, never from input; quoted all the same.
    const rows = await db.query<Record<string, unknown>>(`select * from "${table.replaceAll('"', '""')}" where "${column.replaceAll('"', '""')}" = $1`, [
      userId,
    ]);
    (tables[table] ??= {})[column] = rows.map(withoutSecrets);
  }
  const audit = await db.query<Record<string, unknown>>(
    `select at, actor_label, kind, subject, before, after from audit_log
      where actor_id = $1 or lower(subject) = lower($2) order by at`,
    [userId, account.email],
  );
  return {
    generated_at: new Date().toISOString(),
    account: withoutSecrets(account),
    rows_by_table: tables,
    audit_log: audit,
  };
}

const README = `Your data from Mission Control
==============================

my-data.json holds everything the product keeps about you, as it was when you asked:

- "account": your account (names, e-mail, mobile, anonymity choice, survey completion, dates).
  Your date of birth is never stored: only a one-way hash of it, which is left out.
- "rows_by_table": every row that refers to you, by table and by the column that names you:
  role profile, missions you created, teams, votes, subscriptions, agenda favourites, calendar
  feed, notifications and their settings, sessions (without their secrets), second factors
  (without their secrets), organiser role, your badge (its id and version) and check-in at the
  door (when and which door), the scans of your badge, door staff role, the polls you ran as a host
  and your answers to polls, your feedback on parts of the programme.
- "audit_log": entries about you or made by you in the organisers' audit log.

Survey answers are not kept by this product: the survey forms are run by a separate service.

You can correct your names and mobile on your account page, and delete your account there.
This file can be downloaded for ${DATA_EXPORT_HOURS} hours after you asked for it.
`;

/** The zip: my-data.json and README.txt. */
export function zipPersonData(data: Record<string, unknown>): Uint8Array {
  return zipSync({
    'README.txt': strToU8(README),
    'my-data.json': strToU8(JSON.stringify(data, null, 2)),
  });
}
