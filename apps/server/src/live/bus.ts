import type { Client } from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { MISSIONS_TOPIC } from '@mc/contract';

/** A change for the live channel: a topic and what any subscriber of it may see. */
export interface LiveEvent {
  topic: string;
  data: unknown;
}

/**
 * Carries live events between the server instances that share a database. Every instance hears
 * every event, its own included, so there is one path from a change to the browsers.
 */
export interface LiveBus {
  publish(event: LiveEvent): void;
  /** Events as they arrive, in groups (one NOTIFY may carry several). */
  onEvents(handler: (events: LiveEvent[]) => void): void;
  /** Called when events may have been lost (the listener reconnected): everyone should read afresh. */
  onResync(handler: () => void): void;
  /**
   * The connection that listens for this instance, as its server names it: the PostgreSQL backend's
   * pid or the Redis client id (null in-process, or while reconnecting). For operators and tests.
   */
  listenerId(): number | null;
  close(): Promise<void>;
}

/** PGlite serves one process, so its events stay in that process. */
export function inProcessBus(): LiveBus {
  const handlers: ((events: LiveEvent[]) => void)[] = [];
  let outbox: LiveEvent[] = [];
  return {
    publish(event) {
      // Delivered after the current turn, as a NOTIFY would be: one group per turn, never inside
      // the caller's own stack.
      if (outbox.length === 0) {
        setImmediate(() => {
          const events = outbox;
          outbox = [];
          for (const handler of handlers) handler(events);
        });
      }
      outbox.push(event);
    },
    onEvents: (handler) => void handlers.push(handler),
    onResync: () => undefined,
    listenerId: () => null,
    close: async () => undefined,
  };
}

/** NOTIFY payloads must stay under 8,000 bytes; one group is cut into payloads below this. */
const MAX_PAYLOAD_BYTES = 7_500;
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/** The wait before reconnection attempt `attempt` (0 first): short at first, then every 5 s. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5_000;
}

/**
 * Makes a bus's listening connection afresh after it dropped: `connect` is tried with backoff until
 * it succeeds, then `reconnected` runs (whatever was published meanwhile is lost, so the caller
 * tells every browser to read afresh). `schedule` is called when the connection drops; calls while
 * an attempt waits, or after `stop`, do nothing.
 */
export function reconnector(connect: () => Promise<void>, reconnected: () => void, log: FastifyBaseLogger): { schedule(): void; stop(): void } {
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped || timer) return;
    const delay = reconnectDelay(attempt);
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          attempt = 0;
          log.info('live listener reconnected');
          reconnected();
        },
        (error: unknown) => {
          log.warn({ err: error }, 'live listener could not reconnect');
          schedule();
        },
      );
    }, delay);
    timer.unref();
  };
  return {
    schedule,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The events a notification carries, or null (logged) when its payload cannot be read. */
export function eventsIn(payload: string | undefined, log: FastifyBaseLogger): LiveEvent[] | null {
  if (!payload) return null;
  try {
    return JSON.parse(payload) as LiveEvent[];
  } catch (error) {
    log.warn({ err: error }, 'live listener got a payload it cannot read');
    return null;
  }
}

/** Listens on this schema's channel (so instances of other schemas never hear it) and answers its name. */
async function listenOnSchemaChannel(client: Client): Promise<string> {
  const [row] = (await client.query<{ schema: string }>('select current_schema() as schema')).rows;
  const channel = `mc_live_${row?.schema ?? 'public'}`.slice(0, 63);
  await client.query(`listen ${client.escapeIdentifier(channel)}`);
  return channel;
}

/**
 * PostgreSQL: LISTEN on one dedicated connection per instance, outside the pool, so the vote spike
 * never waits for it and it never waits for the spike. Events are sent with pg_notify on the same
 * connection, one round trip at a time: what is published while one is on its way goes out
 * together in the next, so a burst of batches becomes a few NOTIFYs. The channel is named after the
 * schema, so instances on one schema share it and test suites in other schemas do not hear it.
 */
export async function postgresBus(databaseUrl: string, log: FastifyBaseLogger): Promise<LiveBus> {
  const eventHandlers: ((events: LiveEvent[]) => void)[] = [];
  const resyncHandlers: (() => void)[] = [];
  // Loaded here, not at start: a server on the embedded database never needs it.
  const { default: pg } = await import('pg');
  let client: Client | null = null;
  let channel = '';
  let outbox: LiveEvent[] = [];
  let sending = false;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000, keepAlive: true, application_name: 'mission-control-live' });
    next.on('error', (error) => log.warn({ err: error }, 'live listener connection failed'));
    next.on('end', () => {
      if (client === next) {
        client = null;
        reconnection.schedule();
      }
    });
    next.on('notification', (message) => {
      const events = message.channel === channel ? eventsIn(message.payload, log) : null;
      if (events) for (const handler of eventHandlers) handler(events);
    });
    await next.connect();
    try {
      channel = await listenOnSchemaChannel(next);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  };

  const reconnection = reconnector(
    connect,
    () => {
      // Whatever was notified while we were away is lost: tell every browser to read afresh.
      for (const handler of resyncHandlers) handler();
      flush();
    },
    log,
  );

  const flush = (): void => {
    if (sending || outbox.length === 0 || !client) return;
    const target = client;
    const payloads = toPayloads(mergeMissionEvents(outbox), (topic) => log.error({ topic }, 'a live event is too large to publish'));
    outbox = [];
    sending = true;
    target
      .query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [channel, payloads])
      .catch((error: unknown) => {
        // The listener is broken too; its reconnection resyncs every browser.
        log.warn({ err: error }, 'live events could not be published');
      })
      .finally(() => {
        sending = false;
        flush();
      });
  };

  await connect();
  return {
    publish(event) {
      if (closed) return;
      outbox.push(event);
      flush();
    },
    onEvents: (handler) => void eventHandlers.push(handler),
    onResync: (handler) => void resyncHandlers.push(handler),
    listenerId: () => (client as (Client & { processID?: number }) | null)?.processID ?? null,
    async close() {
      closed = true;
      reconnection.stop();
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** The missions topic's events of one group become one (its lists are sets). */
export function mergeMissionEvents(events: LiveEvent[]): LiveEvent[] {
  const others: LiveEvent[] = [];
  const merged = { counts: new Set<string>(), changed: new Set<string>() };
  let any = false;
  for (const event of events) {
    const data = event.data as Partial<Record<'counts' | 'changed', string[]>>;
    if (event.topic === MISSIONS_TOPIC) {
      any = true;
      for (const id of data.counts ?? []) merged.counts.add(id);
      for (const id of data.changed ?? []) merged.changed.add(id);
    } else {
      others.push(event);
    }
  }
  return any ? [{ topic: MISSIONS_TOPIC, data: { counts: [...merged.counts], changed: [...merged.changed] } }, ...others] : others;
}

/** JSON arrays of events, each under the NOTIFY limit (an event too large alone is dropped, loudly). */
function toPayloads(events: LiveEvent[], tooLarge: (topic: string) => void): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const event of splitLarge(events)) {
    const text = JSON.stringify(event);
    if (Buffer.byteLength(text) + 2 > MAX_PAYLOAD_BYTES) {
      tooLarge(event.topic);
      continue;
    }
    if (size + Buffer.byteLength(text) + 1 > MAX_PAYLOAD_BYTES && current.length) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += Buffer.byteLength(text) + 1;
  }
  if (current.length) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

/** A missions event naming more missions than fit in one payload is cut into several. */
function splitLarge(events: LiveEvent[]): LiveEvent[] {
  const perEvent = 150; // 150 uuids ≈ 5,850 bytes of JSON
  return events.flatMap((event) => {
    if (event.topic !== MISSIONS_TOPIC) return [event];
    const data = event.data as { counts: string[]; changed: string[] };
    if (data.counts.length + data.changed.length <= perEvent) return [event];
    const parts: LiveEvent[] = [];
    for (let i = 0; i < data.counts.length; i += perEvent)
      parts.push({ topic: MISSIONS_TOPIC, data: { counts: data.counts.slice(i, i + perEvent), changed: [] } });
    for (let i = 0; i < data.changed.length; i += perEvent)
      parts.push({ topic: MISSIONS_TOPIC, data: { counts: [], changed: data.changed.slice(i, i + perEvent) } });
    return parts;
  });
}
