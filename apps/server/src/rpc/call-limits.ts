/**
 * Per-person limits on procedure calls, counted in this process's memory (a procedure call is
 * too frequent and too cheap to pay for a database write each time; behind a load balancer each
 * instance counts on its own, so a person's real allowance is the limit times the instances).
 *
 * Two fixed windows per person: every procedure call counts against a per-minute allowance far
 * above what clicking can reach, and the procedures whose answers carry other people's e-mail
 * addresses (declared `emails: 'others'` beside their handler, rpc/procedure.ts) also count
 * against a tighter hourly one, so a script cannot harvest the attendee list while a person
 * searching for team-mates never notices a limit.
 */
export interface CallLimitRules {
  callsPerMinute: number;
  directoryCallsPerHour: number;
}

export type CallVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; directory: boolean };

interface Count {
  windowEnds: number;
  hits: number;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

export class CallLimits {
  private readonly counts = new Map<string, Count>();
  private nextSweep = 0;

  constructor(
    private readonly rules: CallLimitRules,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one call by this person (`directory`: one that answers others' e-mails); refuses it when a window is already full. */
  check(userId: string, directory: boolean): CallVerdict {
    const now = this.now();
    this.sweep(now);
    const general = this.hit(`all:${userId}`, MINUTE, now);
    if (general.hits > this.rules.callsPerMinute) return { ok: false, retryAfterSeconds: secondsUntil(general.windowEnds, now), directory: false };
    if (directory) {
      const lookups = this.hit(`directory:${userId}`, HOUR, now);
      if (lookups.hits > this.rules.directoryCallsPerHour) return { ok: false, retryAfterSeconds: secondsUntil(lookups.windowEnds, now), directory: true };
    }
    return { ok: true };
  }

  private hit(key: string, length: number, now: number): Count {
    let count = this.counts.get(key);
    if (!count || count.windowEnds <= now) {
      count = { windowEnds: (Math.floor(now / length) + 1) * length, hits: 0 };
      this.counts.set(key, count);
    }
    count.hits += 1;
    return count;
  }

  /** Ended windows are dropped once a minute, so the map holds only people active this hour. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + MINUTE;
    for (const [key, count] of this.counts) if (count.windowEnds <= now) this.counts.delete(key);
  }
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}
