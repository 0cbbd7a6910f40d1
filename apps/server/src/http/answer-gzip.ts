import { promisify } from 'node:util';
import { constants, crc32, deflateRawSync, gzip } from 'node:zlib';

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

/**
 * A tail up to this long goes as it is (a stored deflate block): a few marks, where compressing
 * would save a few dozen bytes for some 30 µs of setting up a compressor. A longer one is
 * compressed, so the answer stays as small as one gzip stream of it (docs/performance.md).
 */
const STORED_TAIL_MAX = 256;

/**
 * `opened` followed by `tail`, as one gzip stream: the tail's deflate blocks, the last one marked
 * last, then the trailer (RFC 1951 §3.2.4, RFC 1952 §2.2): the CRC-32 of all the text and its
 * length modulo 2^32.
 */
export function closeGzip(opened: OpenGzip, tail: Buffer): Buffer {
  let blocks: Buffer;
  if (tail.length <= STORED_TAIL_MAX) {
    blocks = Buffer.alloc(5 + tail.length);
    blocks.writeUInt8(1, 0); // the last block, stored
    blocks.writeUInt16LE(tail.length, 1);
    blocks.writeUInt16LE(~tail.length & 0xffff, 3);
    tail.copy(blocks, 5);
  } else {
    blocks = deflateRawSync(tail, { level: ANSWER_GZIP_LEVEL });
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, opened.crc), 0);
  trailer.writeUInt32LE((opened.length + tail.length) % 2 ** 32, 4);
  return Buffer.concat([opened.compressed, blocks, trailer]);
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
