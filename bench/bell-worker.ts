import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveServerMessage, type UserLiveEvent } from '@mc/contract';
import type { BellCommand, BellReply, BellWatcher } from './bell-types.ts';

/**
 * The programme-publish scenario's open apps, forked by bench/programme-publish.ts into a process
 * of their own so they do not share the server's event loop: each person's live connection follows
 * their own topic, whose word brings the bell's list as the web app takes it, and notes when the
 * bell first held a programme change.
 */

/** How many connections are opened at once (a room does not connect in one instant either). */
const CONNECT_CONCURRENCY = 50;

interface OpenApp {
  socket: WebSocket;
  /** When the bell first held a programme change (ms since the epoch), or null. */
  bellAt: number | null;
}

let apps: OpenApp[] = [];
/** Open apps whose bell does not hold the change yet, and what to call when the last one does. */
let bellsWaiting = 0;
let allRang: () => void = () => undefined;
let errors: string[] = [];

function send(reply: BellReply): void {
  process.send?.(reply);
}

/** Opens one app: signs in on the live channel, follows the person's own topic, resolves once the server has it. */
function open(url: string, watcher: BellWatcher): Promise<OpenApp> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`, { perMessageDeflate: false });
    const app: OpenApp = { socket, bellAt: null };
    const topic = `user:${watcher.id}`;
    const timer = setTimeout(() => reject(new Error('a live connection did not get ready within 30 s')), 30_000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: watcher.token })));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (message.type === 'ready') {
        socket.send(JSON.stringify({ type: 'subscribe', topics: [topic] }));
        // The server handles a connection's frames in order, so its pong means the subscription is in.
        socket.ping();
        socket.once('pong', () => {
          clearTimeout(timer);
          resolve(app);
        });
      } else if (message.type === 'event' && message.topic === topic) {
        if (app.bellAt === null && (message.data as UserLiveEvent).list.items.some((item) => item.kind === 'programme_changed')) {
          app.bellAt = Date.now();
          bellsWaiting -= 1;
          if (bellsWaiting === 0) allRang();
        }
      }
    });
  });
}

async function connect(url: string, watchers: BellWatcher[]): Promise<void> {
  const started = Date.now();
  errors = [];
  let next = 0;
  let failed = 0;
  const opened: OpenApp[] = [];
  await Promise.all(
    Array.from({ length: CONNECT_CONCURRENCY }, async () => {
      while (next < watchers.length) {
        const watcher = watchers[next] as BellWatcher;
        next += 1;
        try {
          opened.push(await open(url, watcher));
        } catch (error) {
          failed += 1;
          if (errors.length < 3) errors.push(String(error));
        }
      }
    }),
  );
  apps = opened;
  bellsWaiting = opened.length;
  send({ kind: 'connected', connected: opened.length, failed, errors, seconds: (Date.now() - started) / 1000 });
}

/** Waits until every app's bell holds the change (or gives up after `waitMs`), then tells when each did. */
async function collect(waitMs: number): Promise<void> {
  if (bellsWaiting > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      allRang = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  send({ kind: 'bells', at: apps.map((app) => app.bellAt), errors });
}

process.on('message', (command: BellCommand) => {
  const handle = async () => {
    if (command.kind === 'connect') await connect(command.url, command.watchers);
    else if (command.kind === 'collect') await collect(command.waitMs);
    else {
      for (const app of apps) app.socket.terminate();
      process.disconnect();
    }
  };
  handle().catch((error: unknown) => send({ kind: 'failed', error: String(error) }));
});
