import { describe, expect, it } from 'vitest';
import { MISSIONS_TOPIC, ROUNDS_TOPIC } from '@mc/contract';
import type { Db, Queryable } from '../db/db.ts';
import type { LiveBus, LiveEvent } from '../live/bus.ts';
import { attachLiveBus } from '../live/publish.ts';
import { committed, NEW_NOTIFICATIONS_TOPIC, transaction } from './effects.ts';

/** A database whose transactions run the function given, as many times as `attempts` says (a retry after a deadlock), and a bus that records. */
function fakeDb(attempts = 1): { db: Db; published: LiveEvent[] } {
  const published: LiveEvent[] = [];
  const raw: Queryable = { query: async () => [], exec: async () => undefined };
  const db: Db = {
    kind: 'pglite',
    ...raw,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fn(raw);
        } catch (error) {
          if (attempt >= attempts) throw error;
        }
      }
    },
    close: async () => undefined,
  };
  const bus: LiveBus = {
    publish: (event) => void published.push(event),
    onEvents: () => undefined,
    onResync: () => undefined,
    listenerId: () => null,
    close: async () => undefined,
  };
  attachLiveBus(db, bus);
  return { db, published };
}

describe('effects after commit', () => {
  it('publishes what a change declared only once it committed, one event per topic and round', async () => {
    const { db, published } = fakeDb();
    const answer = await transaction(db, async (tx) => {
      tx.effects.missionCounts(['m1', 'm2']);
      tx.effects.missionsChanged(['m2']);
      tx.effects.missionCounts(['m1']);
      tx.effects.roundChanged('r1');
      tx.effects.roundChanged('r1', 'revealed');
      tx.effects.roundChanged('r1', 'state');
      tx.effects.notificationsWritten();
      tx.effects.bellsChanged(['u1']);
      expect(published).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(published).toEqual([
      { topic: MISSIONS_TOPIC, data: { counts: ['m1', 'm2'], changed: ['m2'] } },
      { topic: ROUNDS_TOPIC, data: { round_id: 'r1', change: 'revealed' } },
      { topic: NEW_NOTIFICATIONS_TOPIC, data: { written: true, bells: ['u1'] } },
    ]);
  });

  it('drops what a rolled-back attempt declared and publishes the attempt that committed, once', async () => {
    const { db, published } = fakeDb(2);
    let attempt = 0;
    await transaction(db, async (tx) => {
      attempt += 1;
      tx.effects.missionsChanged([`attempt-${attempt}`]);
      if (attempt === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    expect(published).toEqual([{ topic: MISSIONS_TOPIC, data: { counts: [], changed: ['attempt-2'] } }]);
  });

  it('publishes nothing for a change that throws, or that declared nothing', async () => {
    const { db, published } = fakeDb();
    await expect(
      transaction(db, async (tx) => {
        tx.effects.notificationsWritten();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await transaction(db, async () => undefined);
    committed(db, () => undefined);
    expect(published).toEqual([]);
  });

  it('publishes a statement that committed on its own at once', () => {
    const { db, published } = fakeDb();
    committed(db, (effects) => effects.missionCounts(new Set(['m1'])));
    expect(published).toEqual([{ topic: MISSIONS_TOPIC, data: { counts: ['m1'], changed: [] } }]);
  });
});
