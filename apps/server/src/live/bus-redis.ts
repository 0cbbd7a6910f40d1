import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from '@redis/client';
import { eventsIn, mergeMissionEvents, reconnectDelay, reconnector, type LiveBus, type LiveEvent } from './bus.ts';

/**
 * The channel of the instances that share one database and schema: deployments (and test suites)
 * on one Redis server but other databases or schemas never hear each other.
 */
export function redisChannelFor(database: string, schema: string): string {
  return `mc_live:${database}:${schema}`;
}

/**
 * The subscribing connection of one instance, made afresh (with backoff) whenever it drops, since a
 * subscribed Redis connection that reconnects by itself would hide the gap: after each new
 * connection `resynced` is called, because whatever was published meanwhile is lost.
 */
function keepSubscribed(options: {
  newClient: () => RedisClientType;
  channel: string;
  receive: (payload: string) => void;
  resynced: () => void;
  log: FastifyBaseLogger;
}): { connect(): Promise<void>; id(): number | null; close(): Promise<void> } {
  const { newClient, channel, receive, resynced, log } = options;
  let subscriber: RedisClientType | null = null;
  let subscriberId: number | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = newClient();
    next.on('error', (error: unknown) => {
      log.warn({ err: error }, 'live listener connection failed');
      // Without its own reconnection a dropped subscriber stays closed: make a new one.
      if (!next.isOpen && subscriber === next) {
        subscriber = null;
        subscriberId = null;
        reconnection.schedule();
      }
    });
    await next.connect();
    try {
      const id = await next.clientId();
      await next.subscribe(channel, receive);
      subscriberId = id;
    } catch (error) {
      next.destroy();
      throw error;
    }
    if (closed) {
      next.destroy();
      return;
    }
    subscriber = next;
  };

  const reconnection = reconnector(connect, resynced, log);

  return {
    connect,
    id: () => (subscriber ? subscriberId : null),
    async close() {
      closed = true;
      reconnection.stop();
      const last = subscriber;
      subscriber = null;
      await last?.close().catch(() => undefined);
    },
  };
}

/**
 * Redis publish/subscribe (docs/decisions/062-the-live-bus-on-redis.md): for several instances
 * under a vote spike, where PostgreSQL's NOTIFY serialises the committing transactions. Two
 * connections per instance: one publishes, one subscribes (a subscribed Redis connection can do
 * nothing else). What is published in one turn of the event loop goes out as one PUBLISH of a JSON
 * array, so a burst of batches becomes a few messages; one connection publishes, so an instance's
 * events arrive everywhere in the order it published them. Redis keeps nothing for a subscriber
 * that is away: when the subscriber's connection drops, it is made afresh and the instance's
 * browsers are told to read afresh, as with PostgreSQL. The publisher reconnects on its own and
 * sends what waited meanwhile.
 */
export async function redisBus(redisUrl: string, channel: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const eventHandlers: ((events: LiveEvent[]) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  // Loaded here, not at start: a server without REDIS_URL never needs it.
  const { createClient } = await import('@redis/client');
  const newClient = (reconnect: boolean): RedisClientType =>
    createClient({
      url: redisUrl,
      name: 'mission-control-live',
      socket: {
        connectTimeout: 10_000,
        keepAlive: true,
        reconnectStrategy: reconnect ? reconnectDelay : false,
      },
    }) as RedisClientType;

  const publisher = newClient(true);
  publisher.on('error', (error: unknown) => log.warn({ err: error }, 'live publisher connection failed'));
  const listener = keepSubscribed({
    newClient: () => newClient(false),
    channel,
    log,
    receive(payload) {
      const events = eventsIn(payload, log);
      if (events) for (const handler of eventHandlers) handler(events);
    },
    resynced() {
      for (const handler of resyncHandlers) handler();
    },
  });
  let outbox: LiveEvent[] = [];
  let closed = false;

  const flush = (): void => {
    const events = outbox;
    outbox = [];
    if (events.length === 0 || closed) return;
    publisher.publish(channel, JSON.stringify(mergeMissionEvents(events))).catch((error: unknown) => {
      log.warn({ err: error }, 'live events could not be published');
    });
  };

  await publisher.connect();
  try {
    await listener.connect();
  } catch (error) {
    publisher.destroy();
    throw error;
  }
  return {
    publish(event) {
      if (closed) return;
      if (outbox.length === 0) setImmediate(flush);
      outbox.push(event);
    },
    onEvents: (handler) => void eventHandlers.push(handler),
    onResync: (handler) => void resyncHandlers.push(handler),
    listenerId: () => listener.id(),
    async close() {
      closed = true;
      await Promise.all([listener.close(), publisher.close().catch(() => undefined)]);
    },
  };
}
