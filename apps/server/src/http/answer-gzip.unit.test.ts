import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { closeGzip, openGzip } from './answer-gzip.ts';

describe('an answer compressed once for everyone and closed per caller', () => {
  it('gunzips to the shared start followed by the tail, for short, empty-ish and long tails', async () => {
    const start = Buffer.from(`{"missions":[${'{"name":"Mission ☕ 水"},'.repeat(500)}{}],"marks":`);
    const opened = await openGzip(start);
    // Compressed once: far smaller than the text it stands for.
    expect(opened.compressed.length).toBeLessThan(start.length / 10);
    // One byte, a usual caller's marks, the longest tail sent as it is, and longer ones compressed.
    const tails = [
      Buffer.from('}'),
      Buffer.from('{"voted":["a"],"subscribed":[],"hidden":[]}}'),
      Buffer.alloc(256, 'x'),
      Buffer.alloc(257, 'x'),
      randomBytes(0xffff * 2 + 17),
    ];
    for (const tail of tails) {
      expect(gunzipSync(closeGzip(opened, tail)).equals(Buffer.concat([start, tail]))).toBe(true);
    }
    // A long tail is compressed: the answer is no larger than one gzip stream of the same text.
    const marks = Buffer.from(`{"voted":[${Array.from({ length: 40 }, () => `"${randomUUID()}"`).join(',')}],"subscribed":[],"hidden":[]}}`);
    expect(closeGzip(opened, marks).length).toBeLessThanOrEqual(gzipSync(Buffer.concat([start, marks]), { level: 3 }).length);
  });

  it('writes a trailer a strict decoder checks: a damaged tail fails its CRC', async () => {
    const opened = await openGzip(Buffer.from('{"missions":[],"marks":'));
    const closed = closeGzip(opened, Buffer.from('{"voted":[]}}'));
    const damaged = Buffer.from(closed);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 12) ^ 1, damaged.length - 12); // a byte of the stored tail
    expect(() => gunzipSync(damaged)).toThrow();
  });
});
