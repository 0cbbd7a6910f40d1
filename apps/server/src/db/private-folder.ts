import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The data folder holds everyone's data and the signing key, so whatever is in it is for its
 * owner alone (folders 0700, files 0600), whatever umask the server or a script was started with.
 *
 * Two things make that so. The process's umask becomes 0077, so every file and folder created from
 * then on (new tables, WAL segments, the control file, a backup) is owner-only. And a walk over the
 * folder takes group and other permissions away from what is already there: the files PGlite
 * unpacks for a new database carry their own mode (0666), which a umask does not touch, and a
 * folder written by an older version, or restored from an archive, may be open too.
 */
export function restrictNewFiles(): void {
  // A worker thread cannot change the umask (it is the process's); the server and the scripts run on the main thread.
  if (isMainThread) process.umask(0o077);
}

/**
 * Creates the folder owner-only if it is missing; new files in it are owner-only from now on. What
 * is already there stays as it is until tightenTree walks it (once a start: a walk over a database
 * folder's thousand files is not free).
 */
export function makeFolderPrivate(path: string): void {
  restrictNewFiles();
  mkdirSync(path, { recursive: true, mode: 0o700 });
}

/**
 * Removes group and other permissions from path and everything below it; the owner's own bits stay
 * as they are. Symbolic links are not followed: what they point at is not the folder's.
 */
export function tightenTree(path: string): void {
  if (!existsSync(path)) return;
  const pending = [path];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const stats = next === path ? statSync(next) : lstatSync(next);
    if (stats.isSymbolicLink()) continue;
    if ((stats.mode & 0o077) !== 0) chmodSync(next, stats.mode & 0o700);
    if (stats.isDirectory()) for (const name of readdirSync(next)) pending.push(join(next, name));
  }
}
