import { CHECKIN_SYNC_BATCH_MAX, REPLACED_BADGES_POLL_SECONDS, type CheckinInvalidReason, type CheckinKeys, type CheckinScanResult } from '@mc/contract';
import { isReachable, subscribeReachability } from '../../lib/network';
import { isNetworkError } from '../../lib/rpcError';
import { checkBadgeCode } from './badgeCode';
import { checkInPerson, replacedBadgesSince, scanCode, syncScans } from './checkinApi';
import { allScans, putScan, readMeta, writeMeta, type DoorScan } from './doorStore';

/**
 * The door's own work, apart from the screen (docs/product.md#check-in-at-the-door): each code is
 * checked on the device at once, written to IndexedDB, then sent; while the network is down the
 * scans wait and go out with checkin_sync when it returns, oldest first, with the time they were
 * made, each once (the server takes a client_scan_id once). Offline means what lib/network.ts
 * says, venue Wi-Fi that lets nothing through included.
 */
export type DoorAnswer = { kind: 'scan'; scanId: string } | { kind: 'invalid'; reason: CheckinInvalidReason; at: number };

export interface DoorState {
  loaded: boolean;
  door: string | null;
  keys: CheckinKeys | null;
  replaced: ReadonlySet<string>;
  scans: readonly DoorScan[];
  answer: DoorAnswer | null;
  /** Scans read offline whose answer, once sent, was not "checked in" (another door was first, or the badge was replaced). */
  notices: readonly string[];
}

type Listener = () => void;

export class Door {
  private state: DoorState = { loaded: false, door: null, keys: null, replaced: new Set(), scans: [], answer: null, notices: [] };
  private readonly listeners = new Set<Listener>();
  private readonly inFlight = new Set<string>();
  private since: string | null = null;
  private syncing = false;
  private stopped = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): DoorState => this.state;

  private set(change: Partial<DoorState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Reads what the device kept, then keeps the deny list fresh and the queue moving while online. */
  async start(): Promise<void> {
    const [door, keys, replaced, scans] = await Promise.all([readMeta('door'), readMeta('keys'), readMeta('replaced'), allScans()]);
    this.since = replaced?.since ?? null;
    this.set({ loaded: true, door, keys: this.state.keys ?? keys, replaced: new Set(replaced?.ids ?? []), scans });
    const online = () => {
      if (!isReachable()) return;
      void this.refreshReplaced();
      void this.sync();
    };
    this.unsubscribe = subscribeReachability(online);
    this.timer = setInterval(online, REPLACED_BADGES_POLL_SECONDS * 1_000 - 5_000);
    online();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
  }

  async setDoor(name: string): Promise<void> {
    await writeMeta('door', name);
    this.set({ door: name, answer: null });
  }

  /** The keys as the server gave them just now: kept for the next time the door opens offline. */
  async setKeys(keys: CheckinKeys): Promise<void> {
    this.set({ keys });
    await writeMeta('keys', keys);
  }

  clearAnswer(): void {
    this.set({ answer: null });
  }

  async refreshReplaced(): Promise<void> {
    if (!isReachable() || this.stopped) return;
    try {
      const answer = await replacedBadgesSince(this.since);
      const ids = new Set(this.state.replaced);
      for (const id of answer.badge_ids) ids.add(id.toLowerCase());
      this.since = answer.server_time;
      await writeMeta('replaced', { since: answer.server_time, ids: [...ids] });
      this.set({ replaced: ids });
    } catch (error) {
      if (!isNetworkError(error)) console.warn('The replaced badges could not be read', error);
    }
  }

  /** One code as the camera read it (or as typed); answers at once, the server's answer follows. */
  async scan(code: string): Promise<void> {
    const { door, keys } = this.state;
    if (!door || !keys) return;
    const check = await checkBadgeCode(code, { eventId: keys.event_id, keys: keys.keys }, this.state.replaced);
    if (!check.valid) {
      this.set({ answer: { kind: 'invalid', reason: check.reason, at: Date.now() } });
      return;
    }
    const scan: DoorScan = {
      client_scan_id: crypto.randomUUID(),
      code: code.trim(),
      badge_id: check.payload.b,
      door,
      scanned_at: new Date().toISOString(),
      state: 'waiting',
      result: null,
      offline: !isReachable(),
    };
    await putScan(scan);
    this.set({ scans: [...this.state.scans, scan], answer: { kind: 'scan', scanId: scan.client_scan_id } });
    // Older scans still waiting go first, so the server sees them in the order they were made.
    const queued = this.state.scans.some((other) => other.state === 'waiting' && other !== scan);
    if (scan.offline || queued) {
      void this.sync();
      return;
    }
    this.inFlight.add(scan.client_scan_id);
    try {
      await this.record(scan, await scanCode(door, scan));
    } catch (error) {
      await this.failed([scan], error);
    } finally {
      this.inFlight.delete(scan.client_scan_id);
    }
  }

  /** Someone found by name: checked in at once (online only: a failure throws, and nothing is kept). */
  async checkInByName(badgeId: string): Promise<void> {
    const { door } = this.state;
    if (!door) return;
    const scannedAt = new Date().toISOString();
    const clientScanId = crypto.randomUUID();
    const result = await checkInPerson(badgeId, door, scannedAt, clientScanId);
    const scan: DoorScan = { client_scan_id: clientScanId, code: '', badge_id: badgeId, door, scanned_at: scannedAt, state: 'sent', result, offline: false };
    await putScan(scan);
    this.set({ scans: [...this.state.scans, scan], answer: { kind: 'scan', scanId: clientScanId } });
  }

  /** Sends every scan still waiting, oldest first, in batches of one door each. */
  async sync(): Promise<void> {
    if (this.syncing || this.stopped) return;
    this.syncing = true;
    try {
      while (isReachable()) {
        const waiting = this.state.scans.filter((scan) => scan.state === 'waiting' && !this.inFlight.has(scan.client_scan_id));
        const first = waiting[0];
        if (!first) break;
        const batch: DoorScan[] = [];
        for (const scan of waiting) {
          if (scan.door !== first.door || batch.length === CHECKIN_SYNC_BATCH_MAX) break;
          batch.push(scan);
        }
        try {
          const results = await syncScans(
            first.door,
            batch.map(({ code, scanned_at, client_scan_id }) => ({ code, scanned_at, client_scan_id })),
          );
          for (const scan of batch) {
            const result = results.find((candidate) => candidate.client_scan_id === scan.client_scan_id);
            if (result) await this.record({ ...scan, offline: true }, result);
          }
        } catch (error) {
          await this.failed(batch, error);
          break;
        }
      }
    } finally {
      this.syncing = false;
    }
  }

  private async record(scan: DoorScan, result: CheckinScanResult): Promise<void> {
    const sent: DoorScan = { ...scan, state: 'sent', result };
    await putScan(sent);
    const scans = this.state.scans.map((other) => (other.client_scan_id === scan.client_scan_id ? sent : other));
    const noticed = scan.offline && result.outcome !== 'checked_in';
    this.set({ scans, notices: noticed ? [...this.state.notices, scan.client_scan_id] : this.state.notices });
  }

  /** A scan the network lost waits for the next sync; one the server refused outright is not sent again. */
  private async failed(batch: DoorScan[], error: unknown): Promise<void> {
    const lost = isNetworkError(error);
    const changed = batch.map((scan): DoorScan => (lost ? { ...scan, offline: true } : { ...scan, state: 'refused' }));
    for (const scan of changed) await putScan(scan);
    const byId = new Map(changed.map((scan) => [scan.client_scan_id, scan]));
    this.set({ scans: this.state.scans.map((scan) => byId.get(scan.client_scan_id) ?? scan) });
    if (!lost) console.warn('The server refused these scans', error);
  }
}
