import { describe, expect, it } from 'vitest';
import type { Queryable } from './db.ts';
import { SnapshotReads } from './snapshot-reads.ts';

/** A database whose snapshot reads answer only when the test says so, in the order they were sent. */
function heldDatabase() {
  const pending: { resolve: (snapshot: string) => void; reject: (error: Error) => void }[] = [];
  const db: Queryable = {
    query: <Row>() =>
      new Promise<Row[]>((resolve, reject) => {
        pending.push({ resolve: (snapshot) => resolve([{ snapshot } as Row]), reject });
      }),
    exec: () => Promise.resolve(),
  };
  return { db, pending };
}

describe('SnapshotReads', () => {
  it('gives a call only a read that started after it arrived, and one read to all who waited together', async () => {
    const { db, pending } = heldDatabase();
    const reads = new SnapshotReads();
    const first = reads.current(db);
    expect(pending).toHaveLength(1);
    // These arrive while the first read runs: it may have been taken before a commit they must see.
    const second = reads.current(db);
    const third = reads.current(db);
    expect(pending).toHaveLength(1);

    pending[0]!.resolve('100:100:');
    expect(await first).toBe('100:100:');
    await Promise.resolve();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('101:101:');
    expect(await second).toBe('101:101:');
    expect(await third).toBe('101:101:');

    // Nothing running: the next call reads at once.
    const fourth = reads.current(db);
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('102:102:');
    expect(await fourth).toBe('102:102:');
  });

  it('hands a failed read to its callers only; the calls that waited get a read of their own', async () => {
    const { db, pending } = heldDatabase();
    const reads = new SnapshotReads();
    const failing = reads.current(db);
    const waiting = reads.current(db);
    pending[0]!.reject(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await Promise.resolve();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('7:7:');
    expect(await waiting).toBe('7:7:');
  });
});
