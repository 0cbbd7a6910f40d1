import { promisify } from 'node:util';
import { constants as zlibConstants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A gzip body put together from pieces compressed one by one, so a large answer that is mostly the
 * same for everyone is compressed once and only the pieces that differ per caller are compressed per
 * call (docs/decisions/023-mission-list-cache.md).
 *
 * Each piece is raw deflate from a fresh compressor, ended with a sync flush: it is byte-aligned,
 * ends no stream and refers to nothing before it but its dictionary, if it has one.
 * The gzip trailer's CRC-32 is combined from the pieces' own, without reading their text again.
 */
export interface GzipPiece {
  deflated: Buffer;
  /** CRC-32 and length of the piece's uncompressed bytes. */
  crc: number;
  length: number;
  /** x^(8·length) modulo the CRC polynomial: what combining a CRC with this piece's multiplies by. */
  shift: number;
}

/**
 * `text` compressed on its own, in libuv's thread pool (so the event loop, and PGlite on it, go on
 * meanwhile). With a dictionary, the piece may refer back into it: the dictionary must then be
 * exactly the bytes that come right before the piece in the body (or their end). Each compression
 * in flight holds its own compressor (~270 KB), so many at once go through gzipPieceNow instead.
 */
export async function gzipPiece(text: Buffer, level: number, dictionary?: Buffer): Promise<GzipPiece> {
  return pieceOf(text, await deflateRawAsync(text, deflateOptions(level, dictionary)));
}

/** gzipPiece on the event loop, one compressor at a time. */
export function gzipPieceNow(text: Buffer, level: number, dictionary?: Buffer): GzipPiece {
  return pieceOf(text, deflateRawSync(text, deflateOptions(level, dictionary)));
}

function deflateOptions(level: number, dictionary: Buffer | undefined) {
  return { level, finishFlush: zlibConstants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) };
}

function pieceOf(text: Buffer, deflated: Buffer): GzipPiece {
  return { deflated, crc: crc32(text), length: text.length, shift: xToThe(text.length, 3) };
}

/** Magic, deflate, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** A last, empty block with fixed codes: the end of the deflate stream. */
const LAST_EMPTY_BLOCK = Buffer.from([3, 0]);

/** A whole gzip member: the header, the pieces in order, a last block and the trailer (CRC-32, length mod 2^32). */
export function gzipOfPieces(pieces: readonly GzipPiece[]): Buffer {
  let crc = 0;
  let length = 0;
  let size = GZIP_HEADER.length + LAST_EMPTY_BLOCK.length + 8;
  for (const piece of pieces) {
    crc = (multiplyModP(piece.shift, crc) ^ piece.crc) >>> 0;
    length += piece.length;
    size += piece.deflated.length;
  }
  const out = Buffer.allocUnsafe(size);
  let at = GZIP_HEADER.copy(out, 0);
  for (const piece of pieces) at += piece.deflated.copy(out, at);
  at += LAST_EMPTY_BLOCK.copy(out, at);
  out.writeUInt32LE(crc >>> 0, at);
  out.writeUInt32LE(length % 2 ** 32, at + 4);
  return out;
}

/**
 * Pieces laid end to end and kept as one buffer, so a run of consecutive pieces is read back as a
 * single piece: its bytes a slice, its CRC-32 taken from the CRCs of the two prefixes around it.
 */
export class GzipPieceRun {
  private constructor(
    private readonly deflated: Buffer,
    /** Per piece i: where it starts in `deflated`, the uncompressed bytes before it, and their CRC-32; one more entry for the end. */
    private readonly deflatedAt: readonly number[],
    private readonly textAt: readonly number[],
    private readonly crcAt: readonly number[],
  ) {}

  static of(pieces: readonly GzipPiece[]): GzipPieceRun {
    const deflatedAt = [0];
    const textAt = [0];
    const crcAt = [0];
    let [deflatedEnd, textEnd, crc] = [0, 0, 0];
    for (const piece of pieces) {
      deflatedEnd += piece.deflated.length;
      textEnd += piece.length;
      crc = (multiplyModP(piece.shift, crc) ^ piece.crc) >>> 0;
      deflatedAt.push(deflatedEnd);
      textAt.push(textEnd);
      crcAt.push(crc);
    }
    return new GzipPieceRun(Buffer.concat(pieces.map((piece) => piece.deflated)), deflatedAt, textAt, crcAt);
  }

  /** The uncompressed length of pieces [from, to). */
  textLength(from: number, to: number): number {
    return (this.textAt[to] ?? 0) - (this.textAt[from] ?? 0);
  }

  /** Pieces [from, to) as one piece (sharing this run's bytes). */
  slice(from: number, to: number): GzipPiece {
    const length = this.textLength(from, to);
    const shift = xToThe(length, 3);
    // crc(A then B) = crc(A) · x^(8·|B|) + crc(B), so crc(B) is the sum of the other two terms.
    const crc = ((this.crcAt[to] ?? 0) ^ multiplyModP(shift, this.crcAt[from] ?? 0)) >>> 0;
    return { deflated: this.deflated.subarray(this.deflatedAt[from], this.deflatedAt[to]), crc, length, shift };
  }
}

// CRC-32 arithmetic: polynomials over GF(2) modulo the CRC's polynomial, bit-reflected as the CRC
// is, so bit 31 is x^0. Combining crc(A) with crc(B) is crc(A) times x^(8·|B|), plus crc(B).
const REFLECTED_POLYNOMIAL = 0xedb88320;
const X_TO_THE_0 = 0x80000000;

/** a · b modulo the polynomial (a must not be zero). */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = X_TO_THE_0; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= factor;
      if ((a & (bit - 1)) === 0) break;
    }
    factor = factor & 1 ? (factor >>> 1) ^ REFLECTED_POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** X_TO_THE_POWER_OF_TWO[k] = x^(2^k) modulo the polynomial. */
const X_TO_THE_POWER_OF_TWO: number[] = [];
for (let k = 0, power = X_TO_THE_0 >>> 1; k < 32; k += 1) {
  X_TO_THE_POWER_OF_TWO.push(power);
  power = multiplyModP(power, power);
}

/** x^(n · 2^k) modulo the polynomial. */
function xToThe(n: number, k: number): number {
  let result = X_TO_THE_0;
  for (let rest = n, bit = k; rest > 0; rest = Math.floor(rest / 2), bit += 1) {
    // (The table has all 32 entries; the fallback only satisfies the type.)
    if (rest % 2 === 1) result = multiplyModP(X_TO_THE_POWER_OF_TWO[bit % 32] ?? X_TO_THE_0, result);
  }
  return result;
}

/**
 * Procedure answers are gzipped when they are at least this long and the caller accepts gzip, at
 * this level (docs/performance.md): the same for answers @fastify/compress compresses and for
 * answers put together from pieces.
 */
export const ANSWER_GZIP_THRESHOLD = 4096;
export const ANSWER_GZIP_LEVEL = 3;
