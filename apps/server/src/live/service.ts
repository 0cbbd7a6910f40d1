import type { FastifyInstance } from 'fastify';
import { LIVE_SOCKET_PATH, MISSIONS_TOPIC, ROUNDS_TOPIC } from '@mc/contract';
import type { Db } from '../db/db.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { MissionsFeed } from '../features/missions/live.ts';
import { RoundsFeed } from '../features/rounds/live.ts';
import { inProcessBus, postgresBus, type LiveBus } from './bus.ts';
import { LiveHub } from './hub.ts';
import { attachLiveBus, detachLiveBus } from './publish.ts';

export interface LiveChannel {
  hub: LiveHub;
  bus: LiveBus;
  close(): Promise<void>;
}

/**
 * Starts the live channel of one server instance: the bus (LISTEN/NOTIFY on PostgreSQL,
 * in-process on PGlite), the missions feed that coalesces changes, and the WebSocket endpoint.
 */
export async function startLiveChannel(options: { app: FastifyInstance; db: Db; keys: SigningKeys; databaseUrl: string | undefined }): Promise<LiveChannel> {
  const { app, db, keys, databaseUrl } = options;
  const log = app.log.child({ component: 'live' });
  const bus = databaseUrl ? await postgresBus(databaseUrl, log) : inProcessBus();
  const hub = new LiveHub(keys, log);
  const missions = new MissionsFeed(db, hub, log);
  const rounds = new RoundsFeed(db, hub, log);
  bus.onEvents((events) => {
    for (const event of events) {
      if (event.topic === MISSIONS_TOPIC) missions.receive(event.data);
      else if (event.topic === ROUNDS_TOPIC) rounds.receive(event.data);
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
      missions.close();
      rounds.close();
      hub.close();
      await bus.close();
    },
  };
}
