import type { Db } from './db.ts';

/**
 * A yes/no question about a key that every request asks (has this person a second factor?), asked
 * of the database once per batch instead of once per request: the keys that arrive in the same
 * event-loop turn, or while earlier batches are out, go as ONE query over an array of keys. Under a
 * spike this saves one pooled round trip per request; alone, a question waits only for the end of
 * the current turn. A batch starts after each of its questions arrived, so it sees everything
 * committed before them, exactly as a query of its own would.
 */
export class CoalescedLookup {
  private waiting = new Map<string, { resolve: (found: boolean) => void; reject: (error: unknown) => void }[]>();
  private batchesInFlight = 0;
  private flushScheduled = false;

  /** `found` answers which of the given keys have the property. */
  constructor(
    private readonly found: (keys: string[]) => Promise<Set<string>>,
    private readonly batchesAtOnce: number,
  ) {}

  has(key: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled || this.waiting.size === 0 || this.batchesInFlight >= this.batchesAtOnce) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.waiting.size === 0 || this.batchesInFlight >= this.batchesAtOnce) return;
    const batch = this.waiting;
    this.waiting = new Map();
    this.batchesInFlight += 1;
    this.found([...batch.keys()])
      .then(
        (found) => {
          for (const [key, callers] of batch) for (const caller of callers) caller.resolve(found.has(key));
        },
        (error: unknown) => {
          // One bad key fails the whole query; which one is not known, so each asks again alone
          // and only its own callers see its error.
          if (batch.size === 1) {
            for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
            return;
          }
          for (const [key, callers] of batch) {
            this.found([key]).then(
              (found) => callers.forEach((caller) => caller.resolve(found.has(key))),
              (alone: unknown) => callers.forEach((caller) => caller.reject(alone)),
            );
          }
        },
      )
      .finally(() => {
        this.batchesInFlight -= 1;
        this.scheduleFlush();
      });
  }
}

/** One lookup per database and question, so every request on that database shares its batches. */
export function coalescedLookup(db: Db, name: string, found: (keys: string[]) => Promise<Set<string>>): CoalescedLookup {
  let byName = lookups.get(db);
  if (!byName) {
    byName = new Map();
    lookups.set(db, byName);
  }
  let lookup = byName.get(name);
  if (!lookup) {
    lookup = new CoalescedLookup(found, db.kind === 'postgres' ? 2 : 1);
    byName.set(name, lookup);
  }
  return lookup;
}

const lookups = new WeakMap<Db, Map<string, CoalescedLookup>>();
