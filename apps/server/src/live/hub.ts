import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CHECKINS_TOPIC,
  LIVE_CLOSE,
  MISSIONS_TOPIC,
  POLLS_TOPIC,
  QUESTIONS_TOPIC,
  ROUNDS_TOPIC,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@mc/contract';
import { PART_ID_PATTERN } from '@mc/contract/conference.ts';
import type { SigningKeys } from '../auth/keys.ts';
import { looksLikeJwt, verifyAccessToken } from '../auth/tokens.ts';

/** A connection must send its access token this soon after opening. */
const AUTH_TIMEOUT_MS = 10_000;
/** Pings keep proxies from closing a quiet connection and find the ones whose browser is gone. */
const PING_INTERVAL_MS = 30_000;
/** A client this far behind in reading is closed (it reconnects and reads afresh): memory stays bounded. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/**
 * The share of the instance's time that sending one topic's messages may take. Each message costs
 * one socket write per follower (about 12 µs of CPU, most of it the kernel's, measured in
 * docs/performance.md): at 10,000 screens two messages a second would take a third of a core, time
 * the vote spike needs. Feeds therefore space their messages by the measured cost of the last ones.
 */
const FANOUT_SHARE = 0.15;
/**
 * However many followers, a feed sends at least this often: a change waits at most this long for
 * the next message, and the send to 10,000 screens takes some 150 ms more, so every screen has it
 * within a second (docs/performance.md: at 1 s, p95 was just above a second with 10,000 screens).
 */
export const SLOWEST_PACE_MS = 750;
/** The cost of one write before any was measured, ms. */
const FIRST_MS_PER_SEND = 0.012;
/**
 * At most this many followers are written to in one turn of the event loop (some 3 ms); the
 * rest of a message, and the messages after it, follow in the next turns. Votes arriving while a
 * message goes to 10,000 screens are answered between the turns instead of waiting for the whole
 * send (docs/performance.md: p99 of the votes at 2,000 a second with 20,000 screens).
 */
export const WRITES_PER_TURN = 250;

/**
 * How long a feed waits between messages to `followers` screens: its own interval, longer when
 * sending to all of them would take more than FANOUT_SHARE of that time, never beyond
 * SLOWEST_PACE_MS (nor below the feed's own interval). A person cannot read counts faster anyway.
 */
export function paceMs(followers: number, msPerSend: number, minimumMs: number): number {
  const needed = (followers * msPerSend) / FANOUT_SHARE;
  return Math.max(minimumMs, Math.min(needed, SLOWEST_PACE_MS));
}

/** Client messages are a token or a topic list: anything larger is not ours. */
const MAX_CLIENT_MESSAGE_BYTES = 8 * 1024;
/** Bad messages (not JSON, not a known shape, binary) a connection may send; the next one closes it. */
export const MAX_BAD_MESSAGES = 4;
/** At most one log line about bad messages this often per instance, however many arrive. */
export const BAD_MESSAGE_LOG_INTERVAL_MS = 10_000;

interface Connection {
  socket: WebSocket;
  /** The TCP connection under `socket`: messages for many followers are written to it as ready-made frames. */
  raw: Duplex;
  userId: string | null;
  topics: Set<string>;
  alive: boolean;
  authTimer: NodeJS.Timeout | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
  badMessages: number;
}

/**
 * A WebSocket text frame as the server sends it (final, unmasked, uncompressed: the hub turns
 * compression off), header and payload in one buffer. Built once per message and written as it is
 * to every follower: per follower there is one socket write and nothing else, instead of a header
 * made and two writes for each of them.
 */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN and the text opcode
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** A client message as the hub reads it, or null when it is not one of ours. */
function parseClientMessage(text: string): LiveClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, token, topics } = value as Record<string, unknown>;
  // A token of the wrong type is a failed sign-in (the connection closes), not a malformed message.
  if (type === 'auth') return { type, token: typeof token === 'string' ? token : '' };
  if ((type === 'subscribe' || type === 'unsubscribe') && Array.isArray(topics)) {
    return { type, topics: topics.filter((topic): topic is string => typeof topic === 'string') };
  }
  return null;
}

/** The topics a person may follow: the public ones (one part's questions among them), and their own. */
function mayFollow(topic: string, userId: string): boolean {
  return (
    topic === MISSIONS_TOPIC ||
    topic === ROUNDS_TOPIC ||
    topic === POLLS_TOPIC ||
    topic === CHECKINS_TOPIC ||
    topic === `user:${userId}` ||
    isPartQuestionsTopic(topic)
  );
}

/** `questions:<part id>`, never the bare bus topic `questions` (which carries only ids between instances). */
function isPartQuestionsTopic(topic: string): boolean {
  const prefix = `${QUESTIONS_TOPIC}:`;
  return topic.startsWith(prefix) && topic.length <= prefix.length + 100 && PART_ID_PATTERN.test(topic.slice(prefix.length));
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
  /** Bad messages since the last log line about them, and when the next line may be written. */
  private badSinceLog = 0;
  private nextBadLogAt = 0;
  /** What one follower's write took lately (ms, moving average over large sends): see paceMs. */
  private msPerSend = FIRST_MS_PER_SEND;
  /**
   * Messages not yet written to all their followers, oldest first, each with the followers it had
   * when published and the next of them to write to: every connection gets them in the order
   * they were published.
   */
  private readonly outbox: { connections: Connection[]; frame: Buffer; next: number }[] = [];
  /** Time spent writing messages to followers since the hub started (ms). */
  private writingMs = 0;

  constructor(
    private readonly keys: SigningKeys,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pinger = setInterval(() => this.ping(), PING_INTERVAL_MS);
    this.pinger.unref();
  }

  /** Takes over an HTTP upgrade request for the live path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket));
  }

  get size(): number {
    return this.connections.size;
  }

  hasSubscribers(topic: string): boolean {
    return (this.byTopic.get(topic)?.size ?? 0) > 0;
  }

  /** Time spent writing messages to followers since the hub started (ms): what sending costs, for the benchmark. */
  get msWriting(): number {
    return this.writingMs;
  }

  /** How long a feed of `topic` waits between its messages, at least `minimumMs` (see paceMs). */
  pace(topic: string, minimumMs: number): number {
    return paceMs(this.byTopic.get(topic)?.size ?? 0, this.msPerSend, minimumMs);
  }

  /** Sends one event to every follower of its topic, serialised once for all of them. */
  publish(topic: string, data: unknown): void {
    const followers = this.byTopic.get(topic);
    if (!followers?.size) return;
    this.sendEach(followers, textFrame(JSON.stringify({ type: 'event', topic, data } satisfies LiveServerMessage)));
  }

  /** Every signed-in connection reads afresh: changes may have been missed. */
  resync(): void {
    const signedIn = [...this.connections].filter((connection) => connection.userId !== null);
    this.sendEach(signedIn, textFrame(JSON.stringify({ type: 'resync' } satisfies LiveServerMessage)));
  }

  /** Closes every connection, telling browsers the server is going away (they reconnect elsewhere). */
  close(): void {
    clearInterval(this.pinger);
    this.outbox.length = 0;
    for (const connection of this.connections) connection.socket.close(1001, 'server shutting down');
    for (const connection of [...this.connections]) this.drop(connection);
    this.server.close();
  }

  /** Queues one ready-made frame (textFrame) for each of `connections`, and writes what one turn allows. */
  private sendEach(connections: Iterable<Connection>, frame: Buffer): void {
    this.outbox.push({ connections: [...connections], frame, next: 0 });
    if (this.outbox.length === 1) this.writeOneTurn();
  }

  /**
   * Writes the oldest queued frames to their followers' TCP sockets, at most WRITES_PER_TURN of
   * them, and leaves the rest to the next turn of the event loop. The WebSocket library writes its
   * own frames (pings, answers) to the same socket synchronously and whole, as it does without
   * compression, so frames never interleave; a connection that is closing gets nothing more.
   */
  private writeOneTurn(): void {
    const started = performance.now();
    let written = 0;
    let handled = 0;
    while (handled < WRITES_PER_TURN) {
      const message = this.outbox[0];
      if (!message) break;
      const connection = message.connections[message.next++];
      handled += 1;
      if (message.next >= message.connections.length) this.outbox.shift();
      if (!connection || connection.socket.readyState !== connection.socket.OPEN) continue;
      if (connection.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        connection.socket.close(LIVE_CLOSE.tooSlow, 'too far behind');
        this.drop(connection);
        continue;
      }
      connection.raw.write(message.frame);
      written += 1;
    }
    const took = performance.now() - started;
    this.writingMs += took;
    // Small sends say little about the cost per write (timer resolution, one-off work).
    if (written >= 100) this.msPerSend = 0.7 * this.msPerSend + (0.3 * took) / written;
    if (this.outbox.length > 0) setImmediate(() => this.writeOneTurn());
  }

  private accept(socket: WebSocket, raw: Duplex): void {
    const connection: Connection = {
      socket,
      raw,
      userId: null,
      topics: new Set(),
      alive: true,
      authTimer: undefined,
      expiryTimer: undefined,
      badMessages: 0,
    };
    this.connections.add(connection);
    connection.authTimer = setTimeout(() => {
      if (connection.userId === null) socket.close(LIVE_CLOSE.unauthorised, 'sign in first');
    }, AUTH_TIMEOUT_MS);
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return this.badMessage(connection, 'messages are JSON text');
      void this.receive(connection, raw.toString()).catch((error: unknown) => {
        // Short and rate-limited like a bad message: a client must not be able to fill the log.
        this.log.debug({ err: error }, 'live message failed');
        this.badMessage(connection, 'something went wrong');
      });
    });
    socket.on('close', () => this.drop(connection));
    socket.on('error', () => this.drop(connection));
  }

  private async receive(connection: Connection, text: string): Promise<void> {
    const message = parseClientMessage(text);
    if (!message) return this.badMessage(connection, 'messages are JSON objects of a known type');
    if (message.type === 'auth') return this.authenticate(connection, message.token);
    if (connection.userId === null) return this.refuse(connection, 'sign in first');
    const followed: string[] = [];
    for (const topic of message.topics) {
      if (message.type === 'unsubscribe') this.unfollow(connection, topic);
      else if (mayFollow(topic, connection.userId)) {
        this.follow(connection, topic);
        followed.push(topic);
      } else this.send(connection, { type: 'error', message: `You cannot follow ${topic.slice(0, 80)}` });
    }
    // Everything published from here on reaches it; the browser reads afresh what changed before.
    if (message.type === 'subscribe') this.send(connection, { type: 'subscribed', topics: followed });
  }

  /**
   * A message that is not ours: answered with an error, counted in one short log line per
   * BAD_MESSAGE_LOG_INTERVAL_MS for the whole instance (never the message, never a stack), and
   * after MAX_BAD_MESSAGES on one connection the next closes it (docs/security.md).
   */
  private badMessage(connection: Connection, reason: string): void {
    connection.badMessages += 1;
    this.badSinceLog += 1;
    const now = Date.now();
    if (now >= this.nextBadLogAt) {
      this.log.warn({ badMessages: this.badSinceLog }, 'live channel refused bad messages');
      this.badSinceLog = 0;
      this.nextBadLogAt = now + BAD_MESSAGE_LOG_INTERVAL_MS;
    }
    if (connection.badMessages <= MAX_BAD_MESSAGES) return this.refuse(connection, reason);
    connection.socket.close(LIVE_CLOSE.badMessages, 'too many bad messages');
    this.drop(connection);
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
