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

/**
 * Compresses answers at most `inFlight` at once; more wait their turn before their body is even
 * put together, so many large answers asked for together are not all held in memory at once.
 */
export class GzipQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly inFlight: number) {}

  async gzip(body: () => Buffer): Promise<Buffer> {
    if (this.running >= this.inFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await gzipAnswer(body());
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
