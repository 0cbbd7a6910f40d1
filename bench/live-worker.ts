import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, MISSIONS_TOPIC, type LiveServerMessage, type MissionsLiveEvent } from '@mc/contract';
import type { LiveClientsCommand, LiveClientsReply, LiveDelays, ProbeJob, ProbeReply, ProbeVote } from './live-types.ts';

/**
 * The live scenario's two helpers, each forked by run.ts into its own process so that neither shares
 * the server's event loop (nor each other's):
 * - `clients`: opens N live connections as N people's browsers would (sign in with the access
 *   token, follow the missions topic) and notes when each one first sees each count of the probe
 *   mission;
 * - `probe`: votes for the probe mission every few milliseconds, one new person each time, and
 *   notes when each answer arrived. Every answer raises the probe mission's count by one, so the
 *   k-th answer is the count base + k: that is how a client's message is matched to a vote.
 */

/** How many connections are opened at once (a room does not connect in one instant either). */
const CONNECT_CONCURRENCY = 50;

interface Client {
  socket: WebSocket;
  /** Each rise of the probe mission's count seen by this client: [count, arrival ms]. */
  rises: [number, number][];
  highest: number;
  /** Missions messages received since the probe began. */
  events: number;
}

let clients: Client[] = [];
/** Every round's (vote, client) delays, ms. */
const samples: number[] = [];
let missing = 0;
let early = 0;
let probeMission = '';
let watchingSince = 0;
let watchingCpu = process.cpuUsage();
let waiters: (() => void)[] = [];

function wake(): void {
  const waiting = waiters;
  waiters = [];
  for (const resolve of waiting) resolve();
}

function send(reply: LiveClientsReply | ProbeReply): void {
  process.send?.(reply);
}

/** Opens one connection, signs in, follows the missions topic, and resolves once the server has read the subscription. */
function connectOne(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`, { perMessageDeflate: false });
    const client: Client = { socket, rises: [], highest: -1, events: 0 };
    const timer = setTimeout(() => reject(new Error('a live connection did not get ready within 30 s')), 30_000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    let ready = false;
    socket.on('message', (raw: Buffer) => {
      const at = Date.now();
      // Once signed in, only missions messages come; most do not name the probe mission, and
      // reading them costs this process CPU that the server, on the same cores, would miss.
      if (ready) {
        if (!probeMission) return;
        client.events += 1;
        if (!raw.includes(probeMission)) return;
      }
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (message.type === 'ready') {
        ready = true;
        socket.send(JSON.stringify({ type: 'subscribe', topics: [MISSIONS_TOPIC] }));
        // The server handles a connection's frames in order, so its pong means the subscription is in.
        socket.ping();
        socket.once('pong', () => {
          clearTimeout(timer);
          resolve(client);
        });
        return;
      }
      if (message.type !== 'event' || message.topic !== MISSIONS_TOPIC) return;
      const counts = (message.data as MissionsLiveEvent).counts.find((row) => row.mission_id === probeMission);
      if (counts && counts.vote_count > client.highest) {
        client.highest = counts.vote_count;
        client.rises.push([counts.vote_count, at]);
        wake();
      }
    });
  });
}

async function connectAll(url: string, tokens: string[]): Promise<LiveClientsReply> {
  clients = [];
  const started = Date.now();
  let next = 0;
  let failed = 0;
  const firstErrors: string[] = [];
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next]!;
      next += 1;
      try {
        clients.push(await connectOne(url, token));
      } catch (error) {
        failed += 1;
        if (firstErrors.length < 3) firstErrors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return { kind: 'connected', connected: clients.length, failed, errors: firstErrors, seconds: (Date.now() - started) / 1000 };
}

/** Waits until every client has seen `count` (or the time is up), then matches each vote with each client's first message that includes it. */
async function delays(votes: ProbeVote[], waitMs: number): Promise<Omit<LiveDelays, 'messagesPerClientPerSecond' | 'cpuShare'>> {
  const last = votes.at(-1)?.count ?? 0;
  const deadline = Date.now() + waitMs;
  while (clients.some((client) => client.highest < last) && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  for (const client of clients) {
    let i = 0;
    for (const vote of votes) {
      while (i < client.rises.length && client.rises[i]![0] < vote.count) i += 1;
      const rise = client.rises[i];
      if (!rise) {
        missing += 1;
        continue;
      }
      // The count can be read between the commit and the answer's arrival at the voter: that
      // message is on time, so it counts as no delay rather than a negative one.
      if (rise[1] < vote.at) early += 1;
      samples.push(Math.max(0, rise[1] - vote.at));
    }
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    samples: sorted.length,
    missing,
    early,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    clientsWithLast: clients.filter((client) => client.highest >= last).length,
  };
}

async function probe(job: ProbeJob): Promise<ProbeReply> {
  const votes: ProbeVote[] = [];
  const errors: string[] = [];
  let count = job.base;
  const end = Date.now() + job.durationMs;
  for (const token of job.tokens) {
    if (Date.now() >= end) break;
    const tick = Date.now();
    const response = await fetch(`${job.url}/rest/v1/rpc/toggle_mission_vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${token}` },
      body: JSON.stringify({ p_mission_id: job.missionId }),
    });
    const body = await response.text();
    const at = Date.now();
    if (response.ok && body.includes('voted') && !body.includes('unvoted')) {
      count += 1;
      votes.push({ count, at });
    } else if (errors.length < 3) {
      errors.push(`${response.status} ${body.slice(0, 200)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tick + job.intervalMs - Date.now())));
  }
  return { kind: 'probed', votes, errors };
}

process.on('message', (command: LiveClientsCommand | ({ kind: 'probe' } & ProbeJob)) => {
  const run = async (): Promise<LiveClientsReply | ProbeReply | null> => {
    switch (command.kind) {
      case 'connect':
        return connectAll(command.url, command.tokens);
      case 'watch':
        probeMission = command.missionId;
        watchingSince = Date.now();
        watchingCpu = process.cpuUsage();
        for (const client of clients) {
          client.rises = [];
          client.highest = -1;
          client.events = 0;
        }
        return { kind: 'watching' };
      case 'delays': {
        // Messages per client per second over the probe's run (before waiting for stragglers).
        const seconds = (Date.now() - watchingSince) / 1000;
        const cpu = process.cpuUsage(watchingCpu);
        const cpuShare = (cpu.user + cpu.system) / 1e6 / Math.max(0.001, seconds);
        const messages = clients.reduce((sum, client) => sum + client.events, 0);
        const rate = messages / Math.max(1, clients.length) / Math.max(0.001, seconds);
        const started = Date.now();
        const result = await delays(command.votes, command.waitMs);
        return { kind: 'delays', delays: { ...result, messagesPerClientPerSecond: rate, cpuShare }, waitedMs: Date.now() - started };
      }
      case 'disconnect':
        for (const client of clients) client.socket.terminate();
        clients = [];
        return { kind: 'disconnected' };
      case 'close':
        for (const client of clients) client.socket.terminate();
        process.disconnect?.();
        return null;
      case 'probe':
        return probe(command);
    }
  };
  run().then(
    (reply) => {
      if (reply) send(reply);
    },
    (error: unknown) => send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
