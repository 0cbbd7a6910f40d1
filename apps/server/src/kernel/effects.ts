import { CHECKINS_TOPIC, MISSIONS_TOPIC, ROUNDS_TOPIC, type CheckinsLiveEvent } from '@mc/contract';
import type { Db, Queryable } from '../db/db.ts';
import { publishLive } from '../live/publish.ts';
import type { RoundChange } from './round-changes.ts';

/*
 * Effects after commit (docs/ARCHITECTURE.md, "The live channel"). A change declares what happened
 * while it runs, in its transaction: which missions' counts or content changed, which voting round
 * changed, that notifications were written, whose bell changed. Only once the transaction has
 * committed does the kernel tell the live channel, so open screens never hear of a change that was
 * rolled back, and no procedure publishes by hand (or forgets to).
 */

/** What travels on the bus for the missions topic: only ids, never counts or people. */
export interface MissionChange {
  /** Missions whose vote, subscription or team counts may have changed. */
  counts?: string[];
  /** Missions whose content or team changed, or which were created, hidden or deleted. */
  changed?: string[];
}

/** What travels on the bus for the rounds topic: the round's id and the kind of change. */
export interface RoundBusChange {
  round_id: string;
  change: RoundChange;
}

/**
 * The bus-only topic that says notifications were written or a bell changed. No browser may follow
 * it (live/hub.ts): each instance's notifications feed hears it and sends their bells to its own
 * connected readers, and the notification mail pass wakes for those who want mail at once.
 */
export const NEW_NOTIFICATIONS_TOPIC = 'notifications';

/** What travels on the bus for NEW_NOTIFICATIONS_TOPIC. */
export interface NotificationsBusChange {
  /** Notifications were written (their readers are found by the feed, and mail may be due). */
  written: boolean;
  /** People whose bell changed without a new notification (a request they were asked to answer was withdrawn or answered). */
  bells: string[];
}

/** The ordering of round changes: a stronger one carries the weaker (a reveal is also a change of state). */
const ROUND_CHANGE_WEIGHT: Record<RoundChange, number> = { votes: 0, state: 1, revealed: 2 };

/**
 * The effects one attempt of a change declared. Collecting is only adding ids to sets: the vote
 * path pays nothing more for it. `publish` sends them together, at most one bus event per topic
 * (and one per round), after the commit.
 */
export class Effects {
  private readonly counts = new Set<string>();
  private readonly changed = new Set<string>();
  private readonly rounds = new Map<string, RoundChange>();
  private readonly bells = new Set<string>();
  private notified = false;
  private checkins = false;

  /** These missions' vote, subscription or team counts may have changed. */
  missionCounts(ids: Iterable<string>): void {
    for (const id of ids) this.counts.add(id);
  }

  /** These missions' content or team changed, or they were created, hidden, unhidden or deleted: screens read them again. */
  missionsChanged(ids: Iterable<string>): void {
    for (const id of ids) this.changed.add(id);
  }

  /** A voting round changed (its votes by default). */
  roundChanged(roundId: string, change: RoundChange = 'votes'): void {
    const before = this.rounds.get(roundId);
    if (before === undefined || ROUND_CHANGE_WEIGHT[change] > ROUND_CHANGE_WEIGHT[before]) this.rounds.set(roundId, change);
  }

  /**
   * Notifications were written (by record_mission_event, record_request_event, a programme alert,
   * an announcement, a reminder…): the people they are for are told once it commits.
   */
  notificationsWritten(): void {
    this.notified = true;
  }

  /** These people's bells changed without a new notification of theirs. */
  bellsChanged(userIds: Iterable<string>): void {
    for (const id of userIds) this.bells.add(id);
  }

  /** Who is checked in changed (a check-in, an earlier scan taking its place, an account deleted): the console's figures are read again. */
  checkinsChanged(): void {
    this.checkins = true;
  }

  /** Whether anything was declared. */
  get empty(): boolean {
    return this.counts.size === 0 && this.changed.size === 0 && this.rounds.size === 0 && this.bells.size === 0 && !this.notified && !this.checkins;
  }

  /** Sends what was declared to every instance's live channel. Call only after the change committed. */
  publish(db: Db): void {
    if (this.counts.size || this.changed.size) {
      publishLive(db, { topic: MISSIONS_TOPIC, data: { counts: [...this.counts], changed: [...this.changed] } satisfies MissionChange });
    }
    for (const [roundId, change] of this.rounds) publishLive(db, { topic: ROUNDS_TOPIC, data: { round_id: roundId, change } satisfies RoundBusChange });
    if (this.notified || this.bells.size) {
      publishLive(db, { topic: NEW_NOTIFICATIONS_TOPIC, data: { written: this.notified, bells: [...this.bells] } satisfies NotificationsBusChange });
    }
    if (this.checkins) publishLive(db, { topic: CHECKINS_TOPIC, data: { changed: true } satisfies CheckinsLiveEvent });
  }
}

/** A transaction that also collects what its change declares (see Effects). */
export interface Tx extends Queryable {
  readonly effects: Effects;
}

/**
 * Runs `change` in one transaction of `db` and, only once it has committed, publishes the effects it
 * declared on `tx.effects`. The collector is made inside the function the database runs, so each
 * attempt of the transaction (db.transaction may run it again after a deadlock) declares afresh:
 * what a rolled-back attempt declared is dropped with it, and the attempt that commits is
 * published once. A change that throws publishes nothing.
 */
export async function transaction<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const { value, effects } = await db.transaction(async (raw) => {
    const effects = new Effects();
    const tx: Tx = {
      query: <Row>(sql: string, params?: readonly unknown[]) => raw.query<Row>(sql, params),
      exec: (sql: string) => raw.exec(sql),
      effects,
    };
    return { value: await change(tx), effects };
  });
  effects.publish(db);
  return value;
}

/**
 * For a change that committed on its own, outside `transaction` (one statement, which is its own
 * transaction: a vote batch, a withdrawal): declares its effects and publishes them at once.
 */
export function committed(db: Db, declare: (effects: Effects) => void): void {
  const effects = new Effects();
  declare(effects);
  if (!effects.empty) effects.publish(db);
}
