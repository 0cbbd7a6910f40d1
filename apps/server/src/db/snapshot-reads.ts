import type { Queryable } from './db.ts';

const SNAPSHOT_SQL = 'select pg_current_snapshot()::text as snapshot';

/**
 * The database's current snapshot, read once for many calls: a call waits for a read that started
 * after it arrived, so it sees every commit made before it, and all calls arriving while one read
 * runs share the next. A room opening the mission list together costs one short statement per round trip
 * to the database, not one per call.
 */
export class SnapshotReads {
  private running: Promise<string | undefined> | null = null;
  private next: Promise<string | undefined> | null = null;

  current(db: Queryable): Promise<string | undefined> {
    if (!this.running) return this.start(db);
    const after = () => {
      this.next = null;
      return this.start(db);
    };
    this.next ??= this.running.then(after, after);
    return this.next;
  }

  private start(db: Queryable): Promise<string | undefined> {
    const read = db.query<{ snapshot: string }>(SNAPSHOT_SQL).then(([row]) => row?.snapshot);
    this.running = read;
    const done = () => {
      if (this.running === read) this.running = null;
    };
    read.then(done, done);
    return read;
  }
}
