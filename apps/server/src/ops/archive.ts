import { spawn } from 'node:child_process';
import { CONTROL_FILE } from './control.ts';

/** Runs the system `tar` and collects what it prints; rejects with its error output. */
function tar(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', (error) => reject(new Error(`could not run tar: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`tar ${args[0]} failed: ${Buffer.concat(err).toString('utf8').trim() || `exit code ${code}`}`));
    });
  });
}

/** A gzipped tarball of a PGlite data folder, without the running server's control file. */
export function archiveFolder(dataDir: string): Promise<Buffer> {
  return tar(['-czf', '-', `--exclude=./${CONTROL_FILE}`, '-C', dataDir, '.']);
}

/** The entries of an archive, as `tar -t` names them (`./PG_VERSION`, `./base/...`). */
export async function listArchive(file: string): Promise<string[]> {
  const text = (await tar(['-tzf', file])).toString('utf8');
  return text.split('\n').filter((line) => line !== '');
}

/** True when the archive holds a PostgreSQL data folder (what `npm run backup` writes). */
export async function isDataFolderArchive(file: string): Promise<boolean> {
  const entries = await listArchive(file);
  return entries.some((entry) => entry === './PG_VERSION' || entry === 'PG_VERSION');
}

export async function extractArchive(file: string, into: string): Promise<void> {
  await tar(['-xzf', file, '-C', into]);
}
