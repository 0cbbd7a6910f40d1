import type { Db } from './db.ts';

/** Enough to carry a spike of waiting phones in one statement, small enough to stay a few ms. */
const MAX_BATCH = 200;

/**
 * How many batch statements may run at once. More than one lets PostgreSQL work on the next batch
 * while one commits; PGlite has a single connection, so there one at a time is all it can do.
 */
const BATCHES_AT_ONCE: Record<Db['kind'], number> = { postgres: 4, pglite: 1 };

/**
 * Writes that arrive together go to the database together: an item waits only while earlier
 * batches are being written (or until the end of the current event-loop turn, so every request
 * parsed in the same turn shares a batch), so a lone write goes out at once and a spike in few,
 * large statements. Items with the same `key` are never in two batches at once: the later one
 * waits for the earlier one's batch, so they run one after the other, in order, and two running
 * batches never race each other for that key. `send` writes one batch and must never reject:
 * each item gets its own answer or its own error there.
 */
export class BatchQueue<Item extends { key: string }> {
  private waiting: Item[] = [];
  private readonly keysInFlight = new Set<string>();
  private batchesInFlight = 0;
  private flushScheduled = false;

  constructor(
    private readonly kind: Db['kind'],
    private readonly send: (batch: Item[]) => Promise<void>,
  ) {}

  add(item: Item): void {
    this.waiting.push(item);
    this.scheduleFlush();
  }

  /** Nothing waiting and nothing being written. */
  get idle(): boolean {
    return this.waiting.length === 0 && this.batchesInFlight === 0;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.waiting.length === 0 || this.batchesInFlight >= BATCHES_AT_ONCE[this.kind]) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.batchesInFlight < BATCHES_AT_ONCE[this.kind]) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.batchesInFlight += 1;
      void this.send(batch).finally(() => {
        this.batchesInFlight -= 1;
        for (const item of batch) this.keysInFlight.delete(item.key);
        this.scheduleFlush();
      });
    }
  }

  /** Takes waiting items in arrival order, leaving for later any whose key is already on its way. */
  private takeBatch(): Item[] {
    const batch: Item[] = [];
    const later: Item[] = [];
    for (const item of this.waiting) {
      if (batch.length < MAX_BATCH && !this.keysInFlight.has(item.key)) {
        this.keysInFlight.add(item.key);
        batch.push(item);
      } else {
        later.push(item);
      }
    }
    this.waiting = later;
    return batch;
  }
}

/** A row a batch statement answers for one of its items: `n`, the item's place in the batch, from 1. */
export interface BatchRow {
  n: number;
}

interface Pending<Item, Row> {
  item: Item;
  key: string;
  resolve: (row: Row | null) => void;
  reject: (error: unknown) => void;
}

/**
 * The one batcher of the everyday toggles and the round's votes: items that arrive together are
 * written by ONE statement (`write`, one implicit transaction and one commit for the whole batch),
 * which answers a row per item it wrote or decided, numbered by the item's place. Each item gets
 * its row, or null when the statement answered none for it. A statement that fails as a whole
 * wrote nothing; which item broke it (a person deleted meanwhile, say) is not known, so each runs
 * again alone and gets its own answer or its own error. `written` runs once per batch that
 * answered rows, after its commit (for the live channel).
 */
export class StatementBatcher<Item extends { key: string }, Row extends BatchRow> {
  private readonly queue: BatchQueue<Pending<Item, Row>>;

  constructor(
    kind: Db['kind'],
    private readonly write: (items: Item[]) => Promise<Row[]>,
    private readonly written: (items: Item[], rows: Row[]) => void = () => undefined,
  ) {
    this.queue = new BatchQueue(kind, (batch) => this.send(batch));
  }

  submit(item: Item): Promise<Row | null> {
    return new Promise((resolve, reject) => this.queue.add({ item, key: item.key, resolve, reject }));
  }

  /** Nothing waiting and nothing being written. */
  get idle(): boolean {
    return this.queue.idle;
  }

  /** Never rejects: every item of the batch gets its own row, null, or error. */
  private async send(batch: Pending<Item, Row>[]): Promise<void> {
    const items = batch.map((pending) => pending.item);
    let rows: Row[];
    try {
      rows = await this.write(items);
    } catch (error) {
      const [only] = batch;
      if (batch.length === 1 && only) only.reject(error);
      else await Promise.all(batch.map((pending) => this.send([pending])));
      return;
    }
    const byPlace = new Map(rows.map((row) => [row.n, row]));
    batch.forEach((pending, index) => pending.resolve(byPlace.get(index + 1) ?? null));
    if (rows.length > 0) this.written(items, rows);
  }
}
