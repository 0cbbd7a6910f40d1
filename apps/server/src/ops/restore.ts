import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { tightenTree } from '../db/private-folder.ts';
import { extractArchive, isDataFolderArchive } from './archive.ts';
import { OpsError, timestamp } from './cli.ts';
import { controlFilePath, folderHolder, newControlToken, removeControlFile, writeControlFile } from './control.ts';

/**
 * `npm run restore <file>`: puts a backup made by `npm run backup` back as the data folder.
 * Refuses while a server runs on the folder. The current folder is kept aside, renamed
 * `<folder>.before-restore-<date>`, never deleted.
 */
export async function restore(config: Config, args: string[]): Promise<string> {
  if (config.DATABASE_URL) {
    throw new OpsError('DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md); this script restores the embedded database');
  }
  const file = args[0] ? resolve(args[0]) : null;
  if (!file) throw new OpsError('name the backup to restore: npm run restore <file.tar.gz>');
  if (!existsSync(file)) throw new OpsError(`${file} does not exist`);
  const dataDir = resolve(config.DATA_DIR);
  const holder = folderHolder(dataDir);
  if (holder) throw new OpsError(`a server (pid ${holder.pid}) is running on ${dataDir}; stop it first, then restore`);
  const valid = await isDataFolderArchive(file).catch(() => false);
  if (!valid) throw new OpsError(`${file} is not a backup of an embedded database (no PG_VERSION inside)`);

  const stamp = timestamp();
  if (existsSync(dataDir) && readdirSync(dataDir).length === 0) {
    // An empty folder (perhaps a mount point, which cannot be renamed) is filled in place.
    await extractArchive(file, dataDir);
    // tar run as root keeps the modes the archive recorded, which may be open ones.
    tightenTree(dataDir);
    rmSync(controlFilePath(dataDir), { force: true });
    return `Restored ${file} into ${dataDir}. Start the server to use it.`;
  }

  const incoming = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${stamp}`);
  mkdirSync(incoming, { recursive: true, mode: 0o700 });
  try {
    await extractArchive(file, incoming);
    tightenTree(incoming);
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }

  let keptAt: string | null = null;
  if (existsSync(dataDir)) {
    // Hold the folder while swapping, so a server starting now refuses instead of opening it half-moved.
    const token = newControlToken();
    writeControlFile(dataDir, { pid: process.pid, url: null, token, startedAt: new Date().toISOString() });
    keptAt = `${dataDir}.before-restore-${stamp}`;
    try {
      renameSync(dataDir, keptAt);
    } catch (error) {
      removeControlFile(dataDir, token);
      rmSync(incoming, { recursive: true, force: true });
      throw new OpsError(
        `could not move ${dataDir} aside (${error instanceof Error ? error.message : String(error)}); if it is a mount point, empty it yourself and run the restore again`,
      );
    }
    removeControlFile(keptAt, token);
  }
  renameSync(incoming, dataDir);
  rmSync(controlFilePath(dataDir), { force: true });
  return `Restored ${file} into ${dataDir}.${keptAt ? ` The previous folder is kept at ${keptAt}.` : ''} Start the server to use it.`;
}
