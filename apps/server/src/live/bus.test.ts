import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import Fastify from 'fastify';
import pg from 'pg';
import { createClient } from '@redis/client';
import { createTestSchema } from '../../test/harness.ts';
import { inProcessBus, postgresBus, type LiveBus, type LiveEvent } from './bus.ts';
import { redisBus, redisChannelFor } from './bus-redis.ts';

/**
 * The same delivery promises from every implementation of the live bus: each event reaches every
 * instance on its channel exactly once, in the order its publisher sent them, and never an instance
 * on another channel; when an instance's listening connection is dropped, it connects again, signals
 * that browsers must read afresh, and carries events again. In-process runs always; PostgreSQL with
 * TEST_DATABASE_URL; Redis with TEST_REDIS_URL (CI sets both).
 */
const log = Fastify({ logger: false }).log;
const TOPIC = 'bus-test';

interface Implementation {
  name: string;
  /** How many instances can share a channel (the in-process bus serves its own process only). */
  instances: number;
  /** A new channel's name or URL: instances opened on the same one hear each other. */
  channel(): Promise<string>;
  open(channel: string): Promise<LiveBus>;
  /** Drops the bus's listening connection from the server's side, as a restart or a network fault would. */
  dropListener?(bus: LiveBus): Promise<void>;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const implementations: Implementation[] = [{ name: 'in-process', instances: 1, channel: async () => '', open: async () => inProcessBus() }];

const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  implementations.push({
    name: 'postgres',
    instances: 2,
    async channel() {
      const schema = await createTestSchema();
      cleanups.push(() => schema.drop());
      return schema.url;
    },
    open: (url) => postgresBus(url, log),
    async dropListener(bus) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        const killed = await admin.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [bus.listenerId()]);
        expect(killed.rows).toEqual([{ ok: true }]);
      } finally {
        await admin.end();
      }
    },
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  implementations.push({
    name: 'redis',
    instances: 2,
    channel: async () => redisChannelFor('bus_test', randomUUID()),
    open: (channel) => redisBus(redisUrl, channel, log),
    async dropListener(bus) {
      const admin = createClient({ url: redisUrl });
      await admin.connect();
      try {
        expect(await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(bus.listenerId())])).toBe(1);
      } finally {
        await admin.close();
      }
    },
  });
}

/** A bus with everything it heard and every resync it signalled. */
interface Listening {
  bus: LiveBus;
  heard: LiveEvent[];
  resyncs: number;
}

async function listening(implementation: Implementation, channel: string): Promise<Listening> {
  const bus = await implementation.open(channel);
  cleanups.push(() => bus.close());
  const listener: Listening = { bus, heard: [], resyncs: 0 };
  bus.onEvents((events) => listener.heard.push(...events));
  bus.onResync(() => (listener.resyncs += 1));
  return listener;
}

interface Numbered {
  from: number;
  seq: number;
}

/** What `listener` heard from publisher `from`, in order of arrival. */
function sequenceFrom(listener: Listening, from: number): number[] {
  return listener.heard.filter((event) => (event.data as Numbered).from === from).map((event) => (event.data as Numbered).seq);
}

describe.each(implementations)('the live bus [$name]', (implementation) => {
  it('brings every event to every instance on its channel exactly once, in each publisher’s order, and none to another channel', async () => {
    const channel = await implementation.channel();
    const instances = await Promise.all(Array.from({ length: implementation.instances }, () => listening(implementation, channel)));
    const elsewhere = implementation.instances > 1 ? await listening(implementation, await implementation.channel()) : null;
    const perPublisher = 600;
    // Bursts of several sizes: many in one turn (one message on the wire), some one per turn.
    const bursts = [1, 250, 3, 1, 100, 45, 200];
    expect(bursts.reduce((sum, size) => sum + size, 0)).toBe(perPublisher);
    let sent = 0;
    for (const size of bursts) {
      for (const [from, { bus }] of instances.entries()) {
        for (let i = 0; i < size; i += 1) bus.publish({ topic: TOPIC, data: { from, seq: sent + i } satisfies Numbered });
      }
      sent += size;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const expected = Array.from({ length: perPublisher }, (_, i) => i);
    // Last, one more event per publisher: once it is heard everywhere, anything sent before it has been.
    for (const [from, { bus }] of instances.entries()) bus.publish({ topic: TOPIC, data: { from, seq: perPublisher } satisfies Numbered });
    await vi.waitFor(
      () => {
        for (const listener of instances) {
          for (const from of instances.keys()) expect(sequenceFrom(listener, from).at(-1)).toBe(perPublisher);
        }
      },
      { timeout: 10_000, interval: 20 },
    );
    for (const listener of instances) {
      for (const from of instances.keys()) expect(sequenceFrom(listener, from)).toEqual([...expected, perPublisher]);
      expect(listener.heard).toHaveLength((perPublisher + 1) * instances.length);
      expect(listener.resyncs).toBe(0);
    }
    expect(elsewhere?.heard ?? []).toEqual([]);
  });

  // The in-process bus has no connection to lose.
  const dropListener = implementation.dropListener;
  if (dropListener)
    it('when an instance’s listening connection drops, it connects again, signals a resync once, and hears events again', async () => {
      const channel = await implementation.channel();
      const [a, b] = await Promise.all([listening(implementation, channel), listening(implementation, channel)]);
      const before = b!.bus.listenerId();
      expect(before).toEqual(expect.any(Number));
      await dropListener(b!.bus);
      await vi.waitFor(() => expect(b!.resyncs).toBe(1), { timeout: 10_000, interval: 20 });
      expect(b!.bus.listenerId()).toEqual(expect.any(Number));
      expect(b!.bus.listenerId()).not.toBe(before);
      a!.bus.publish({ topic: TOPIC, data: { from: 0, seq: 0 } satisfies Numbered });
      b!.bus.publish({ topic: TOPIC, data: { from: 1, seq: 0 } satisfies Numbered });
      for (const listener of [a!, b!]) {
        await vi.waitFor(
          () =>
            expect(listener.heard.map((event) => event.data)).toEqual(
              expect.arrayContaining([
                { from: 0, seq: 0 },
                { from: 1, seq: 0 },
              ]),
            ),
          {
            timeout: 10_000,
            interval: 20,
          },
        );
      }
      // Exactly once after the reconnection too, and A never lost its own.
      expect(a!.heard).toHaveLength(2);
      expect(b!.heard).toHaveLength(2);
      expect(a!.resyncs).toBe(0);
      expect(b!.resyncs).toBe(1);
    });
});
