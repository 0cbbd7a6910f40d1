import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * People are read through one door (docs/product.md#anonymity, docs/security.md): no SQL text of
 * the server reads a person's name, e-mail or mobile from the users table except in the kernel
 * (apps/server/src/kernel/, where the rule `people_shown` is applied), the migration statements
 * that define that view, and the few places named below, each with its reason. Anything else that
 * names a person to someone must join `people_shown` (kernel/people.ts has the fragments).
 */

const src = fileURLToPath(new URL('..', import.meta.url));
const KERNEL = 'kernel/';
const PERSONAL_COLUMNS = ['first_name', 'last_name', 'email', 'mobile'];

/**
 * The places (files relative to apps/server/src, or folders ending in "/") that may read those
 * columns straight from users, and why; `only` limits an entry to the reads named.
 */
const ALLOWED: Record<string, { why: string; only?: string[] }> = {
  'auth/': { why: 'sign-up, sign-in, recovery and the token claims: the caller’s own account' },
  'features/users/procedures.ts': { why: 'the caller’s own profile (register_user_profile, get_user_by_auth)' },
  'features/notifications/digest.ts': { why: 'the e-mail sent to a person: their own address and first name' },
  'features/progress/checkin-job.ts': {
    why: 'the check-in e-mail sent to a mission’s owner: their own address and first name',
    only: ['u.email', 'u.first_name'],
  },
  'features/privacy/procedures.ts': { why: 'delete_my_account compares the e-mail typed with the caller’s own', only: ['email'] },
  'features/privacy/data-export.ts': { why: 'downloading my data: the caller’s own account row' },
  'features/moderation/queries.ts': { why: 'the organisers’ console shows real names (docs/product.md#anonymity)' },
  'features/moderation/exports.ts': { why: 'the organisers’ CSV exports, which blank an anonymous person with anonymity_of' },
  'features/organiser/': { why: 'the organisers’ console: organisers, audit log, second factors' },
};

/** The SQL a file holds: the whole text without comments (template literals keep their SQL). */
function sqlText(file: string, text: string): string {
  if (file.endsWith('.sql')) {
    return text.replace(/--.*$/gm, '').replace(/create\s+(or\s+replace\s+)?view\s+people_shown\b[\s\S]*?;/gi, '-- the rule itself');
  }
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

const NOT_AN_ALIAS = new Set([
  'on',
  'where',
  'join',
  'left',
  'right',
  'inner',
  'cross',
  'full',
  'order',
  'group',
  'limit',
  'set',
  'using',
  'for',
  'union',
  'returning',
  'natural',
  'having',
  'lateral',
  'window',
  'offset',
  'fetch',
]);

const USERS_TABLE = /\b(?:from|join|update)\s+(?:public\.)?users\b(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;

/** The names a text gives the users table (its aliases, and `users`), and whether it reads it unaliased. */
function usersNames(text: string): { names: Set<string>; bare: boolean } {
  const names = new Set<string>(['users']);
  let bare = false;
  for (const match of text.matchAll(USERS_TABLE)) {
    const alias = match[1]?.toLowerCase();
    if (alias && !NOT_AN_ALIAS.has(alias)) names.add(alias);
    else bare = true;
  }
  return { names, bare };
}

/** Each place the text reads first_name, last_name, email or mobile of the users table, or its whole row. */
function personalReads(text: string): string[] {
  const found: string[] = [];
  const columns = PERSONAL_COLUMNS.join('|');
  for (const name of usersNames(text).names) {
    const reads = new RegExp(`\\b${name}\\.(?:${columns}|\\*)(?!\\w)|\\b(?:row_to_json|to_jsonb?|jsonb?_agg)\\(\\s*${name}\\s*\\)`, 'gi');
    for (const match of text.matchAll(reads)) found.push(match[0]);
  }
  // A statement on users without an alias reads its columns bare: select first_name from users, or select *.
  for (const statement of text.split(/;|`/)) {
    if (!usersNames(statement).bare) continue;
    for (const match of statement.matchAll(new RegExp(`(?<![.'"\\w])(?:${columns})(?!['"\\w])|\\bselect\\s+\\*`, 'gi'))) found.push(match[0]);
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** The migration that defines people_shown first: earlier ones came before the rule. */
function migrationsFromTheRule(): Set<string> {
  const dir = join(src, 'db/migrations');
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const first = names.findIndex((name) => /create\s+(or\s+replace\s+)?view\s+people_shown\b/i.test(readFileSync(join(dir, name), 'utf8')));
  return new Set(names.slice(first).map((name) => `db/migrations/${name}`));
}

function scannedFiles(): string[] {
  const migrations = migrationsFromTheRule();
  return filesUnder(src)
    .map((file) => relative(src, file).split('\\').join('/'))
    .filter((file) => (file.endsWith('.ts') && !/\.test\.ts$/.test(file)) || migrations.has(file))
    .filter((file) => !file.startsWith(KERNEL));
}

describe('people are read through one door', () => {
  it('finds the columns read straight from users, aliased or not (the scan itself)', () => {
    expect(personalReads('select u.first_name, u.mobile from users u where u.id = $1')).toEqual(['u.first_name', 'u.mobile']);
    expect(personalReads('select m.name from missions m join users as owner on owner.id = m.created_by where owner.email = $1')).toEqual(['owner.email']);
    expect(personalReads('select first_name, last_name from users where id = $1')).toEqual(['first_name', 'last_name']);
    expect(personalReads('select users.email from mission_members join users on users.id = mission_members.user_id')).toEqual(['users.email']);
    expect(personalReads(`select shown.first_name, 'email', p.email from people_shown shown join profiles p on p.id = shown.id`)).toEqual([]);
    expect(personalReads('select u.*, row_to_json(u) from users u')).toEqual(['u.*', 'row_to_json(u)']);
    expect(personalReads('select * from users where id = $1')).toEqual(['select *']);
    expect(personalReads('select s.email_digest from notification_settings s join users u on u.id = s.user_id')).toEqual([]);
  });

  it('reads no name, e-mail or mobile from users outside the kernel and the named exceptions', () => {
    const offences: string[] = [];
    const used = new Set<string>();
    for (const file of scannedFiles()) {
      const reads = personalReads(sqlText(file, readFileSync(join(src, file), 'utf8')));
      if (reads.length === 0) continue;
      const entry = Object.entries(ALLOWED).find(([place]) => (place.endsWith('/') ? file.startsWith(place) : file === place));
      if (entry) used.add(entry[0]);
      const only = entry?.[1].only;
      const unexplained = entry ? reads.filter((read) => only !== undefined && !only.includes(read)) : reads;
      if (unexplained.length > 0) offences.push(`${file}: ${[...new Set(unexplained)].join(', ')}`);
    }
    expect(offences, 'join people_shown (kernel/people.ts) instead of users to name a person to someone else').toEqual([]);
    // An exception whose place no longer reads those columns goes (a moved file's entry too).
    const scanned = scannedFiles();
    const stale = Object.keys(ALLOWED).filter((place) => !used.has(place) && scanned.some((file) => file === place || file.startsWith(place)));
    expect(stale, 'exceptions that no longer read names, e-mail or mobile from users').toEqual([]);
  });
});
