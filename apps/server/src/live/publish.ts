import type { Db } from '../db/db.ts';
import type { LiveBus, LiveEvent } from './bus.ts';

/**
 * The bus of each open database, so a procedure publishes with the `db` it already has. A database
 * opened without a live channel (the backup and export tools, the benchmark's direct calls)
 * publishes nothing.
 */
const buses = new WeakMap<Db, LiveBus>();

export function attachLiveBus(db: Db, bus: LiveBus): void {
  buses.set(db, bus);
}

export function detachLiveBus(db: Db): void {
  buses.delete(db);
}

/**
 * Publishes a change AFTER it committed (never inside a transaction that may still roll back).
 * Returns at once: the event goes out on the bus's own connection, never on the request's path.
 */
export function publishLive(db: Db, event: LiveEvent): void {
  buses.get(db)?.publish(event);
}
