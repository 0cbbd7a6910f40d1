import { promisify } from 'node:util';
import { constants, crc32, gzip } from 'node:zlib';

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
 * The start of a gzip stream that more bytes will follow: `text` compressed and flushed to a byte
 * boundary (no last block, no trailer), with what the trailer will need. An answer that begins with
 * the same bytes for everyone is compressed once this way and closed per caller by `closeGzip`.
 */
export interface OpenGzip {
  compressed: Buffer;
  crc: number;
  length: number;
}

export async function openGzip(text: Buffer): Promise<OpenGzip> {
  const compressed = await gzipAsync(text, { level: ANSWER_GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH });
  return { compressed, crc: crc32(text), length: text.length };
}

/** The longest stored (uncompressed) deflate block. */
const STORED_BLOCK_MAX = 0xffff;

/**
 * `opened` followed by `tail`, as one gzip stream: the tail goes as stored deflate blocks (it is a
 * caller's few dozen bytes, not worth compressing), the last one marked last, then the trailer
 * (RFC 1951 §3.2.4, RFC 1952 §2.2): the CRC-32 of all the text and its length modulo 2^32.
 */
export function closeGzip(opened: OpenGzip, tail: Buffer): Buffer {
  const parts: Buffer[] = [opened.compressed];
  for (let start = 0; start === 0 || start < tail.length; start += STORED_BLOCK_MAX) {
    const block = tail.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header[0] = start + STORED_BLOCK_MAX >= tail.length ? 1 : 0;
    header.writeUInt16LE(block.length, 1);
    header.writeUInt16LE(~block.length & 0xffff, 3);
    parts.push(header, block);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, opened.crc), 0);
  trailer.writeUInt32LE((opened.length + tail.length) % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/**
 * Compresses answers at most `inFlight` at once; more wait their turn before their body is even
 * put together, so many large answers asked for together are not all held in memory at once.
 */
export class GzipQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly inFlight: number) {}

  gzip(body: () => Buffer): Promise<Buffer> {
    return this.inTurn(() => gzipAnswer(body()));
  }

  /** The same, as the opening of a stream that a caller's own bytes will close (`closeGzip`). */
  open(body: () => Buffer): Promise<OpenGzip> {
    return this.inTurn(() => openGzip(body()));
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.inFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
