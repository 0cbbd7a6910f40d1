import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, MISSIONS_TOPIC, type LiveServerMessage, type MissionsLiveEvent } from '@mc/contract';

export interface Received {
  at: number;
  message: LiveServerMessage;
}

/**
 * How long a test waits for a live message before calling it lost. Messages come by push, within
 * the second or two that docs/product.md promises; how fast they come is measured under load by
 * `npm run bench`, since a test on a busy machine cannot tell a slow moment from a broken promise.
 * So this limit only tells a message that never comes.
 */
export const LIVE_MESSAGE_LIMIT_MS = 10_000;

/** A live-channel client as a browser's would be, recording every message with its arrival time. */
export class LiveTestClient {
  readonly received: Received[] = [];
  closeCode: number | undefined;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.received.push({ at: Date.now(), message: JSON.parse(raw.toString()) as LiveServerMessage });
      this.wake();
    });
    socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  static async open(baseUrl: string): Promise<LiveTestClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveTestClient(socket);
  }

  /** Opens, signs in with the token and follows the missions topic; resolves once the server is ready. */
  static async follow(baseUrl: string, token: string, topics: string[] = [MISSIONS_TOPIC]): Promise<LiveTestClient> {
    const client = await LiveTestClient.open(baseUrl);
    client.send({ type: 'auth', token });
    await client.waitFor((message) => message.type === 'ready');
    client.send({ type: 'subscribe', topics });
    // The server confirms once the subscription is in: every change from then on reaches it.
    await client.waitFor((message) => message.type === 'subscribed');
    return client;
  }

  /**
   * Resolves once the server has answered a ping sent now. It reads a connection's frames in order,
   * and its pong follows on the socket every message it sent this connection before it.
   */
  roundTrip(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.socket.once('pong', () => resolve());
      this.socket.ping();
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Resolves with the first message (already received or yet to come) that matches. */
  async waitFor(match: (message: LiveServerMessage) => boolean, timeoutMs = LIVE_MESSAGE_LIMIT_MS, from = 0): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find((entry) => match(entry.message));
      if (found) return found;
      if (this.closeCode !== undefined) throw new Error(`live connection closed with ${this.closeCode}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching live message within ${timeoutMs} ms; got ${JSON.stringify(this.received.map((entry) => entry.message))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForClose(timeoutMs = 5_000): Promise<number> {
    await this.waitFor(() => false, timeoutMs).catch(() => undefined);
    if (this.closeCode === undefined) throw new Error('the live connection stayed open');
    return this.closeCode;
  }

  /** The missions events received so far. */
  missionEvents(): { at: number; event: MissionsLiveEvent }[] {
    return this.received.flatMap((entry) =>
      entry.message.type === 'event' && entry.message.topic === MISSIONS_TOPIC ? [{ at: entry.at, event: entry.message.data as MissionsLiveEvent }] : [],
    );
  }

  close(): void {
    this.socket.close();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}

/** A matcher for a missions event carrying `missionId` with the given vote count. */
export function votesAre(missionId: string, voteCount: number): (message: LiveServerMessage) => boolean {
  return (message) =>
    message.type === 'event' &&
    message.topic === MISSIONS_TOPIC &&
    (message.data as MissionsLiveEvent).counts.some((counts) => counts.mission_id === missionId && counts.vote_count === voteCount);
}
