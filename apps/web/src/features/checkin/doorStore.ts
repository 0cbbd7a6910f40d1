import type { CheckinKeys, CheckinScanResult } from '@mc/contract';

/**
 * What a door keeps on its device, in IndexedDB (docs/decisions/053-scanning-badges-at-the-door.md):
 * its name, the server's public keys and event, the deny list of replaced badges, and every scan it
 * made, each waiting until the server has answered for it. IndexedDB rather than localStorage: a
 * scan is written before anything is sent and survives a reload, a crash or a flat battery, and
 * a day of scans stays well within its room.
 */
export interface DoorScan {
  client_scan_id: string;
  /** The code as read (a check-in by name has none: it is sent at once, never queued). */
  code: string;
  badge_id: string;
  door: string;
  scanned_at: string;
  /** waiting: not yet answered by the server; sent: answered (result); refused: the server would not take it. */
  state: 'waiting' | 'sent' | 'refused';
  result: CheckinScanResult | null;
  /** The scan was read while offline: its answer is shown again once it came. */
  offline: boolean;
}

export interface ReplacedList {
  since: string | null;
  ids: string[];
}

interface MetaValues {
  door: string;
  keys: CheckinKeys;
  replaced: ReplacedList;
}

const DB_NAME = 'mc-door';
const SCANS = 'scans';
const META = 'meta';

let opened: Promise<IDBDatabase> | null = null;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      const scans = db.createObjectStore(SCANS, { keyPath: 'client_scan_id' });
      scans.createIndex('scanned_at', 'scanned_at');
      db.createObjectStore(META);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('IndexedDB could not be opened'));
    };
  });
  return opened;
}

async function store(name: string, mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(name, mode).objectStore(name);
}

export async function readMeta<K extends keyof MetaValues>(key: K): Promise<MetaValues[K] | null> {
  const value = (await request((await store(META, 'readonly')).get(key))) as MetaValues[K] | undefined;
  return value ?? null;
}

export async function writeMeta<K extends keyof MetaValues>(key: K, value: MetaValues[K]): Promise<void> {
  await request((await store(META, 'readwrite')).put(value, key));
}

export async function putScan(scan: DoorScan): Promise<void> {
  await request((await store(SCANS, 'readwrite')).put(scan));
}

/** Every scan this device made, oldest first. */
export async function allScans(): Promise<DoorScan[]> {
  return (await request((await store(SCANS, 'readonly')).index('scanned_at').getAll())) as DoorScan[];
}
