import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LIVE_SOCKET_PATH } from '@mc/contract';
import type { Db } from '../db/db.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { inProcessBus, postgresBus, type LiveBus } from './bus.ts';
import { redisBus, redisChannelFor } from './bus-redis.ts';
import { LiveHub } from './hub.ts';
import { attachLiveBus, detachLiveBus } from './publish.ts';

export interface LiveChannel {
  hub: LiveHub;
  bus: LiveBus;
  close(): Promise<void>;
}

/**
 * A feature's own handling of its topic's events: it reads what changed and tells the hub, often
 * coalescing many events into one message. Topics without a feed go to the hub as they are.
 */
export interface LiveFeed {
  receive(data: unknown): void;
  close(): void;
}

/** How the composition root hands a feature's feed to the channel, which knows no feature. */
export type LiveFeeds = Record<string, (db: Db, hub: LiveHub, log: FastifyBaseLogger) => LiveFeed>;

/**
 * The bus between this instance and the others on its database. The embedded database serves one
 * process, so there is no other instance to tell and REDIS_URL is not used (it says so once).
 */
async function openBus(db: Db, databaseUrl: string | undefined, redisUrl: string | undefined, log: FastifyBaseLogger): Promise<LiveBus> {
  if (!databaseUrl) {
    if (redisUrl) log.warn('REDIS_URL is set but the database is the embedded one (one instance): live events stay in this process');
    return inProcessBus();
  }
  if (!redisUrl) return postgresBus(databaseUrl, log);
  // Instances on one schema share a channel, so test suites and deployments in other schemas never hear it.
  const [row] = await db.query<{ database: string; schema: string }>('select current_database() as database, current_schema() as schema');
  return redisBus(redisUrl, redisChannelFor(row?.database ?? 'postgres', row?.schema ?? 'public'), log);
}

/**
 * Starts the live channel of one server instance: the bus (Redis with REDIS_URL, else LISTEN/NOTIFY
 * on PostgreSQL, in-process on PGlite), the features' feeds, and the WebSocket endpoint.
 */
export async function startLiveChannel(options: {
  app: FastifyInstance;
  db: Db;
  keys: SigningKeys;
  databaseUrl: string | undefined;
  redisUrl?: string | undefined;
  feeds: LiveFeeds;
}): Promise<LiveChannel> {
  const { app, db, keys, databaseUrl, redisUrl } = options;
  const log = app.log.child({ component: 'live' });
  const bus = await openBus(db, databaseUrl, redisUrl, log);
  const hub = new LiveHub(keys, log);
  const feeds = new Map(Object.entries(options.feeds).map(([topic, create]) => [topic, create(db, hub, log)]));
  bus.onEvents((events) => {
    for (const event of events) {
      const feed = feeds.get(event.topic);
      if (feed) feed.receive(event.data);
      else hub.publish(event.topic, event.data);
    }
  });
  bus.onResync(() => hub.resync());
  attachLiveBus(db, bus);

  const onUpgrade = (request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === LIVE_SOCKET_PATH) hub.handleUpgrade(request, socket, head);
    else socket.destroy();
  };
  app.server.on('upgrade', onUpgrade);

  return {
    hub,
    bus,
    async close() {
      app.server.off('upgrade', onUpgrade);
      detachLiveBus(db);
      for (const feed of feeds.values()) feed.close();
      hub.close();
      await bus.close();
    },
  };
}
