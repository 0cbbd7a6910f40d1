import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OpsError } from './cli.ts';

/**
 * The control file a server keeps in its PGlite data folder while it runs: which process holds
 * the folder, where it listens, and the random token that lets `npm run backup` on the same
 * machine ask it for a consistent copy. Owner-only (0600): whoever can read it can read the data.
 */
export const CONTROL_FILE = 'server.json';

export interface ControlInfo {
  pid: number;
  /** Null while the server is still opening its database. */
  url: string | null;
  token: string;
  startedAt: string;
}

export function controlFilePath(dataDir: string): string {
  return join(dataDir, CONTROL_FILE);
}

export function newControlToken(): string {
  return randomBytes(32).toString('base64url');
}

export function writeControlFile(dataDir: string, info: ControlInfo): void {
  const file = controlFilePath(dataDir);
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function readControlFile(dataDir: string): ControlInfo | null {
  const file = controlFilePath(dataDir);
  if (!existsSync(file)) return null;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { pid, url, token, startedAt } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || typeof token !== 'string' || typeof startedAt !== 'string') return null;
    return { pid, url: typeof url === 'string' ? url : null, token, startedAt };
  } catch {
    return null;
  }
}

/** Removes the control file if it is still the one this process wrote. */
export function removeControlFile(dataDir: string, token: string): void {
  if (readControlFile(dataDir)?.token === token) rmSync(controlFilePath(dataDir), { force: true });
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * The process that holds the folder, if any. A control file left behind by a process that
 * died (kill -9, power loss) names a process that no longer exists, and does not count.
 */
export function folderHolder(dataDir: string): ControlInfo | null {
  const info = readControlFile(dataDir);
  if (!info || info.pid === process.pid || !isProcessAlive(info.pid)) return null;
  return info;
}

/** The address a script on this machine uses to reach a server listening on host:port. */
export function localUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost' || host.startsWith('127.')) return `http://127.0.0.1:${port}`;
  if (host === '::1') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * POST /admin/v1/backup answers a gzipped tarball of the data folder, taken while no query runs.
 * Only for a caller on this machine (the connection's two ends are the same host, and no proxy
 * forwarded it) that presents the token from the control file.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  options: { token: string; backup: () => Promise<Buffer>; organiser: (command: unknown) => Promise<string> },
): void {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const allowed = (request: FastifyRequest): boolean => {
    const { remoteAddress, localAddress } = request.socket;
    const sameHost = remoteAddress !== undefined && (isLoopback(remoteAddress) || remoteAddress === localAddress);
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    const given = Buffer.from(request.headers.authorization ?? '');
    return sameHost && !forwarded && given.length === expected.length && timingSafeEqual(given, expected);
  };

  app.post('/admin/v1/backup', async (request, reply) => {
    if (!allowed(request)) return reply.code(404).send({ code: 'not_found', message: 'Nothing at POST /admin/v1/backup' });
    const archive = await options.backup();
    return reply.header('cache-control', 'no-store').type('application/gzip').send(archive);
  });

  // `npm run organiser` while this server holds the embedded database: the command runs here.
  app.post('/admin/v1/organisers', async (request, reply) => {
    if (!allowed(request)) return reply.code(404).send({ code: 'not_found', message: 'Nothing at POST /admin/v1/organisers' });
    try {
      return reply.header('cache-control', 'no-store').send({ message: await options.organiser(request.body) });
    } catch (error) {
      const refused = error instanceof OpsError;
      if (!refused) request.log.error({ err: error }, 'organiser command failed');
      return reply.code(refused ? 400 : 500).send({ message: refused ? error.message : 'the server could not run the command; see its log' });
    }
  });
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
