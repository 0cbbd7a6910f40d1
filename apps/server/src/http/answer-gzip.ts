import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * Procedure answers are gzipped when they are at least this long and the caller accepts gzip, at
 * this level (docs/performance.md): the same for answers @fastify/compress compresses and for
 * prepared answers (rpc/procedure.ts).
 */
export const ANSWER_GZIP_THRESHOLD = 4096;
export const ANSWER_GZIP_LEVEL = 3;

/**
 * An answer as one gzip stream, as @fastify/compress would make it, in libuv's thread pool (the
 * event loop, and PGlite on it, go on meanwhile).
 */
export function gzipAnswer(body: Buffer): Promise<Buffer> {
  return gzipAsync(body, { level: ANSWER_GZIP_LEVEL });
}
