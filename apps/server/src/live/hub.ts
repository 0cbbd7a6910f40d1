import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_CLOSE, MISSIONS_TOPIC, ROUNDS_TOPIC, type LiveClientMessage, type LiveServerMessage } from '@mc/contract';
import type { SigningKeys } from '../auth/keys.ts';
import { looksLikeJwt, verifyAccessToken } from '../auth/tokens.ts';

/** A connection must send its access token this soon after opening. */
const AUTH_TIMEOUT_MS = 10_000;
/** Pings keep proxies from closing a quiet connection and find the ones whose browser is gone. */
const PING_INTERVAL_MS = 30_000;
/** A client this far behind in reading is closed (it reconnects and reads afresh): memory stays bounded. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Client messages are a token or a topic list: anything larger is not ours. */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;

interface Connection {
  socket: WebSocket;
  userId: string | null;
  topics: Set<string>;
  alive: boolean;
  authTimer: NodeJS.Timeout | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
}

/** The topics a person may follow: the public ones, and their own. */
function mayFollow(topic: string, userId: string): boolean {
  return topic === MISSIONS_TOPIC || topic === ROUNDS_TOPIC || topic === `user:${userId}`;
}

/**
 * The browsers' side of the live channel: WebSocket connections, each signed in with an access
 * token and following topics. It never queries the database; what it sends was prepared once per
 * change for everyone (see the missions feed), so 2,000 screens cost 2,000 socket writes, no more.
 */
export class LiveHub {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false, clientTracking: false });
  private readonly connections = new Set<Connection>();
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly keys: SigningKeys,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pinger = setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** Takes over an HTTP upgrade request for the live path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
  }

  get size(): number {
    return this.connections.size;
  }

  hasSubscribers(topic: string): boolean {
    return (this.byTopic.get(topic)?.size ?? 0) > 0;
  }

  /** Sends one event to every follower of its topic, serialised once for all of them. */
  publish(topic: string, data: unknown): void {
    const followers = this.byTopic.get(topic);
    if (!followers?.size) return;
    this.sendEach(followers, Buffer.from(JSON.stringify({ type: 'event', topic, data } satisfies LiveServerMessage)));
  }

  /** Every signed-in connection reads afresh: changes may have been missed. */
  resync(): void {
    const signedIn = [...this.connections].filter((connection) => connection.userId !== null);
    this.sendEach(signedIn, Buffer.from(JSON.stringify({ type: 'resync' } satisfies LiveServerMessage)));
  }

  /** Closes every connection, telling browsers the server is going away (they reconnect elsewhere). */
  close(): void {
    clearInterval(this.pinger);
    for (const connection of this.connections) connection.socket.close(1001, 'server shutting down');
    for (const connection of [...this.connections]) this.drop(connection);
    this.server.close();
  }

  private sendEach(connections: Iterable<Connection>, frame: Buffer): void {
    for (const connection of connections) {
      if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        connection.socket.close(LIVE_CLOSE.tooSlow, 'too far behind');
        this.drop(connection);
        continue;
      }
      connection.socket.send(frame, { binary: false });
    }
  }

  private accept(socket: WebSocket): void {
    const connection: Connection = { socket, userId: null, topics: new Set(), alive: true, authTimer: undefined, expiryTimer: undefined };
    this.connections.add(connection);
    connection.authTimer = setTimeout(() => {
      if (connection.userId === null) socket.close(LIVE_CLOSE.unauthorised, 'sign in first');
    }, AUTH_TIMEOUT_MS);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return this.refuse(connection, 'messages are JSON text');
      void this.receive(connection, raw.toString()).catch((error: unknown) => {
        this.log.warn({ err: error }, 'live message failed');
        this.refuse(connection, 'something went wrong');
      });
    });
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  private async receive(connection: Connection, text: string): Promise<void> {
    let message: LiveClientMessage;
    try {
      message = JSON.parse(text) as LiveClientMessage;
    } catch {
      return this.refuse(connection, 'messages are JSON');
    }
    if (message.type === 'auth') return this.authenticate(connection, message.token);
    if (connection.userId === null) return this.refuse(connection, 'sign in first');
    if ((message.type === 'subscribe' || message.type === 'unsubscribe') && Array.isArray(message.topics)) {
      for (const topic of message.topics) {
        if (typeof topic !== 'string') continue;
        if (message.type === 'unsubscribe') this.unfollow(connection, topic);
        else if (mayFollow(topic, connection.userId)) this.follow(connection, topic);
        else this.send(connection, { type: 'error', message: `You cannot follow ${topic.slice(0, 80)}` });
      }
      return;
    }
    this.refuse(connection, 'unknown message');
  }

  /**
   * A token starts the connection, and a fresh one (after the browser refreshed its session) keeps
   * it going. When the token expires with no fresh one, the connection closes and the browser
   * reconnects with its new session. A different person's token is refused: sign-out reconnects.
   */
  private async authenticate(connection: Connection, token: unknown): Promise<void> {
    if (typeof token !== 'string' || !looksLikeJwt(token)) return this.unauthorised(connection);
    const verified = await verifyAccessToken(this.keys, token);
    if (!verified.ok) return this.unauthorised(connection);
    const { sub, exp } = verified.claims;
    if (connection.userId !== null && connection.userId !== sub) return this.unauthorised(connection);
    const first = connection.userId === null;
    connection.userId = sub;
    clearTimeout(connection.authTimer);
    clearTimeout(connection.expiryTimer);
    const untilExpiry = typeof exp === 'number' ? exp * 1000 - Date.now() : 0;
    connection.expiryTimer = setTimeout(
      () => connection.socket.close(LIVE_CLOSE.unauthorised, 'session expired'),
      Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1)),
    );
    connection.expiryTimer.unref();
    if (first) this.send(connection, { type: 'ready' });
  }

  private follow(connection: Connection, topic: string): void {
    connection.topics.add(topic);
    let followers = this.byTopic.get(topic);
    if (!followers) {
      followers = new Set();
      this.byTopic.set(topic, followers);
    }
    followers.add(connection);
  }

  private unfollow(connection: Connection, topic: string): void {
    connection.topics.delete(topic);
    const followers = this.byTopic.get(topic);
    followers?.delete(connection);
    if (followers?.size === 0) this.byTopic.delete(topic);
  }

  private send(connection: Connection, message: LiveServerMessage): void {
    connection.socket.send(JSON.stringify(message));
  }

  private refuse(connection: Connection, reason: string): void {
    this.send(connection, { type: 'error', message: reason });
  }

  private unauthorised(connection: Connection): void {
    connection.socket.close(LIVE_CLOSE.unauthorised, 'invalid or expired token');
    this.drop(connection);
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    clearTimeout(connection.authTimer);
    clearTimeout(connection.expiryTimer);
    for (const topic of [...connection.topics]) this.unfollow(connection, topic);
  }

  private ping(): void {
    for (const connection of [...this.connections]) {
      if (!connection.alive) {
        connection.socket.terminate();
        this.drop(connection);
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
