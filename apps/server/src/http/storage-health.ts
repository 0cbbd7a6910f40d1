/**
 * Remembers that the database could not write (a full disk), so /readyz can say so: `select 1`
 * still answers on a full disk, and a load balancer would keep sending writes that cannot be
 * saved. The server counts as unable to save until HOLD_MS pass without another such failure.
 */
export const STORAGE_FULL_HOLD_MS = 60_000;

export class StorageHealth {
  private lastFailure: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  reportFull(_error?: unknown): void {
    this.lastFailure = this.now();
  }

  /** A reason for /readyz while writes fail, else null. */
  problem(): string | null {
    if (this.lastFailure === null) return null;
    const ago = this.now() - this.lastFailure;
    if (ago >= STORAGE_FULL_HOLD_MS) {
      this.lastFailure = null;
      return null;
    }
    return `the database could not save ${Math.round(ago / 1000)} s ago: its storage is full`;
  }
}
