import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { openDb, type Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { COMMAND_LINE_ACTOR } from '../kernel/audit.ts';
import { listOrganisers, resetTwoStepSignIn, RoleChangeRefused, setOrganiserRole } from '../features/organiser/roles.ts';
import { DoorStaffRefused, listDoorStaff, setDoorStaff } from '../features/checkin/door-staff.ts';
import { OpsError } from './cli.ts';
import { folderHolder, newControlToken, removeControlFile, writeControlFile } from './control.ts';

/**
 * `npm run organiser -- grant|revoke|reset-mfa|list [EMAIL]`: makes the first organiser (and any other) from
 * the command line. On PostgreSQL it connects directly, server running or not. On the embedded
 * database it asks the running server to do it over its loopback admin endpoint (PGlite is one
 * process's database), or opens the stopped folder itself. Every grant and revoke is audited.
 */
export type OrganiserCommand =
  { action: 'grant' | 'revoke' | 'reset-mfa' | 'grant-door-staff' | 'revoke-door-staff'; email: string } | { action: 'list' | 'list-door-staff' };

const USAGE =
  'usage: npm run organiser -- grant EMAIL | revoke EMAIL | reset-mfa EMAIL | list | grant-door-staff EMAIL | revoke-door-staff EMAIL | list-door-staff';

export function parseOrganiserCommand(args: readonly string[]): OrganiserCommand {
  const [action, email, ...rest] = args;
  if (action === 'list' && email === undefined) return { action };
  if (action === 'list-door-staff' && email === undefined) return { action };
  if (
    (action === 'grant' || action === 'revoke' || action === 'reset-mfa' || action === 'grant-door-staff' || action === 'revoke-door-staff') &&
    email &&
    rest.length === 0
  ) {
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new OpsError(`"${email}" is not an e-mail address. ${USAGE}`);
    return { action, email };
  }
  throw new OpsError(USAGE);
}

/** The command a request body carries, as the arguments the command line would have had. */
export function organiserCommandArgs(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { action, email } = body as Record<string, unknown>;
  return [action, email].filter((value): value is string => typeof value === 'string');
}

/** Runs one command on an open database and answers the line the person reads. */
export async function runOrganiserCommand(db: Db, command: OrganiserCommand): Promise<string> {
  if (command.action === 'list-door-staff') {
    const staff = await listDoorStaff(db);
    if (!staff.length) return 'There is no door staff yet. Name someone with: npm run organiser -- grant-door-staff EMAIL';
    const lines = staff.map(
      (entry) =>
        `${entry.email}  (${entry.first_name} ${entry.last_name}, since ${entry.granted_at.slice(0, 10)}, by ${entry.granted_by}, ${entry.checkins} checked in)`,
    );
    return [`${staff.length} door staff:`, ...lines].join('\n');
  }
  if (command.action === 'grant-door-staff' || command.action === 'revoke-door-staff') {
    const grant = command.action === 'grant-door-staff';
    try {
      const change = await setDoorStaff(db, command.email, grant, COMMAND_LINE_ACTOR);
      if (!change.changed) return `${change.email} ${grant ? 'is already door staff' : 'is not door staff'}; nothing changed.`;
      return `${change.email} ${grant ? 'is now door staff: they may check people in at the door' : 'is no longer door staff'}.`;
    } catch (error) {
      if (error instanceof DoorStaffRefused) throw new OpsError(error.message);
      throw error;
    }
  }
  if (command.action === 'list') {
    const organisers = await listOrganisers(db);
    if (!organisers.length) return 'There are no organisers yet. Make one with: npm run organiser -- grant EMAIL';
    const lines = organisers.map(
      (entry) =>
        `${entry.email}  (${entry.first_name} ${entry.last_name}, since ${new Date(entry.granted_at).toISOString().slice(0, 10)}, by ${entry.granted_by})`,
    );
    return [`${organisers.length} organiser${organisers.length === 1 ? '' : 's'}:`, ...lines].join('\n');
  }
  if (command.action === 'reset-mfa') {
    try {
      const reset = await resetTwoStepSignIn(db, command.email, COMMAND_LINE_ACTOR);
      if (reset.factors_removed === 0) return `${reset.email} has no two-step sign-in; nothing changed.`;
      return `Two-step sign-in of ${reset.email} is reset (${reset.factors_removed} authenticator${reset.factors_removed === 1 ? '' : 's'} and the recovery codes removed). They sign in with their date of birth and set up a new authenticator.`;
    } catch (error) {
      if (error instanceof RoleChangeRefused) throw new OpsError(error.message);
      throw error;
    }
  }
  if (!('email' in command)) throw new OpsError(USAGE);
  const grant = command.action === 'grant';
  try {
    const change = await setOrganiserRole(db, command.email, grant, COMMAND_LINE_ACTOR);
    if (!change.changed) return `${change.email} ${grant ? 'is already an organiser' : 'is not an organiser'}; nothing changed.`;
    return `${change.email} ${grant ? 'is now an organiser' : 'is no longer an organiser'}.`;
  } catch (error) {
    if (error instanceof RoleChangeRefused) throw new OpsError(error.message);
    throw error;
  }
}

export async function organiserCli(config: Config, args: string[]): Promise<string> {
  const command = parseOrganiserCommand(args);
  if (config.DATABASE_URL) return withDatabase(config, (db) => runOrganiserCommand(db, command));

  const dataDir = resolve(config.DATA_DIR);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new OpsError(`there is no embedded database in ${dataDir} yet: start the server once (npm start), sign up, then run this again`);
  }
  const holder = folderHolder(dataDir);
  if (holder) {
    if (!holder.url) throw new OpsError(`the server (pid ${holder.pid}) on ${dataDir} is still starting; try again in a moment`);
    const response = await fetch(`${holder.url}/admin/v1/organisers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${holder.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command),
    }).catch((error: unknown) => {
      throw new OpsError(`could not reach the server (pid ${holder.pid}) at ${holder.url}: ${error instanceof Error ? error.message : String(error)}`);
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
    const message = typeof answer.message === 'string' ? answer.message : `HTTP ${response.status}`;
    if (!response.ok) throw new OpsError(message);
    return message;
  }
  // Hold the folder while working on it, so a server starting meanwhile refuses instead of writing.
  const token = newControlToken();
  writeControlFile(dataDir, { pid: process.pid, url: null, token, startedAt: new Date().toISOString() });
  try {
    return await withDatabase(config, (db) => runOrganiserCommand(db, command));
  } finally {
    removeControlFile(dataDir, token);
  }
}

async function withDatabase<T>(config: Config, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    // A database that has not met this version yet gets its tables first.
    await migrate(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}
