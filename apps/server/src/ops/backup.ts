import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { archiveFolder } from './archive.ts';
import { OpsError, timestamp } from './cli.ts';
import { folderHolder, newControlToken, removeControlFile, writeControlFile } from './control.ts';

/**
 * `npm run backup [file]`: a consistent copy of the embedded database (a .tar.gz of the PGlite
 * folder, signing key included). While a server runs on the folder it makes the copy itself, on
 * request over its loopback admin endpoint; otherwise this script copies the closed folder.
 * With DATABASE_URL it prints the pg_dump command instead: PostgreSQL has its own tools.
 */
export async function backup(config: Config, args: string[]): Promise<string> {
  if (config.DATABASE_URL) return postgresAdvice();
  const dataDir = resolve(config.DATA_DIR);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new OpsError(`there is no embedded database in ${dataDir} (set DATA_DIR to the server's data folder)`);
  const target = resolve(args[0] ?? join('backups', `mission-control-${timestamp()}.tar.gz`));
  if (existsSync(target)) throw new OpsError(`${target} already exists; name another file`);

  const holder = folderHolder(dataDir);
  let archive: Buffer;
  let how: string;
  if (holder) {
    if (!holder.url) throw new OpsError(`the server (pid ${holder.pid}) on ${dataDir} is still starting; try again in a moment`);
    const response = await fetch(`${holder.url}/admin/v1/backup`, { method: 'POST', headers: { authorization: `Bearer ${holder.token}` } }).catch(
      (error: unknown) => {
        throw new OpsError(`could not reach the server (pid ${holder.pid}) at ${holder.url}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    if (!response.ok) throw new OpsError(`the server (pid ${holder.pid}) refused the backup: HTTP ${response.status}`);
    archive = Buffer.from(await response.arrayBuffer());
    how = `from the running server (pid ${holder.pid})`;
  } else {
    // Hold the folder while copying, so a server starting meanwhile refuses instead of writing.
    const token = newControlToken();
    writeControlFile(dataDir, { pid: process.pid, url: null, token, startedAt: new Date().toISOString() });
    try {
      archive = await archiveFolder(dataDir);
    } finally {
      removeControlFile(dataDir, token);
    }
    how = 'from the stopped data folder';
  }
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  // The copy holds everyone's data and the signing key: owner-only, like the folder's key file.
  writeFileSync(target, archive, { mode: 0o600, flag: 'wx' });
  return `Backup of ${dataDir} written to ${target} (${(archive.length / 1024 / 1024).toFixed(1)} MB, ${how}). Restore it with: npm run restore ${target}`;
}

function postgresAdvice(): string {
  return [
    'DATABASE_URL is set: back up PostgreSQL with its own tools, for example',
    `  pg_dump --format=custom --no-owner --file=mission-control-${timestamp()}.dump "$DATABASE_URL"`,
    'and restore into an empty database with',
    '  pg_restore --no-owner --dbname="$DATABASE_URL" mission-control-<date>.dump',
    'Keep JWT_PRIVATE_KEY with it: it is not in the database.',
  ].join('\n');
}
