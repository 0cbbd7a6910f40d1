import { LIVE_CLOSE, LIVE_SOCKET_PATH, type LiveServerMessage } from '@mc/contract/live.ts';
import { isReachable, subscribeReachability } from '../network';
import { backoffDelayMs } from '../networkPolicy';

/**
 * The browser's end of the live channel. ONE WebSocket per browser, not per tab: the tabs elect a
 * leader with the Web Locks API; the leader holds the socket and passes what arrives (and its
 * status) to the other tabs over a BroadcastChannel. When the leader tab closes, its lock is
 * released and the next tab takes over. A browser without those APIs connects per tab.
 * It follows the app's one network layer (lib/network.ts): while the server cannot be reached it
 * closes its socket (on a network that lies, an open socket is silently dead) and does not try;
 * when the server answers again it reconnects at once, and what changed meanwhile is read afresh.
 * A change made while the connection is being set up (after the screen's first read, before the
 * server took the subscription) comes through no message: so each time the server confirms the
 * subscription, the first time as after a break, the screens read afresh what they show.
 */

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unavailable';

export interface LiveListener {
  /** A message from the server (an event, or 'resync'). */
  message(message: LiveServerMessage): void;
  status(status: LiveStatus): void;
  /**
   * The server confirmed the subscription (on the first connection, and again after each break):
   * from now on every change comes as a message, and what changed before must be read afresh.
   */
  subscribed(): void;
}

/** Waits before reconnection attempt n (0-based): the app's one backoff (lib/networkPolicy.ts). */
export const reconnectDelayMs = backoffDelayMs;

/** After this many failed attempts in a row, the app says live updates are unavailable (and keeps trying). */
export const ATTEMPTS_BEFORE_UNAVAILABLE = 3;

type TabMessage = { kind: 'message'; message: LiveServerMessage } | { kind: 'status'; status: LiveStatus } | { kind: 'subscribed' } | { kind: 'hello' };

const CHANNEL_NAME = 'mission-control-live';
const LOCK_NAME = 'mission-control-live-socket';

export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private everConnected = false;
  private currentStatus: LiveStatus = 'connecting';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private releaseLock: (() => void) | null = null;
  private readonly tabs: BroadcastChannel | null;
  private isLeader = false;
  private stopFollowingNetwork: (() => void) | null = null;

  constructor(
    private readonly getToken: () => Promise<string | null>,
    private readonly topics: string[],
    private readonly listener: LiveListener,
  ) {
    this.tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  }

  start(): void {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!this.tabs || !locks) {
      this.lead();
      return;
    }
    this.tabs.onmessage = (event: MessageEvent<TabMessage>) => this.fromTab(event.data);
    // Ask the leader, if there is one, for its status.
    this.tabs.postMessage({ kind: 'hello' } satisfies TabMessage);
    void locks
      .request(LOCK_NAME, () => {
        if (this.stopped) return undefined;
        this.lead();
        // Held until this tab stops (or closes, which releases it too).
        return new Promise<void>((release) => {
          this.releaseLock = release;
        });
      })
      .catch(() => undefined);
  }

  /** The access token changed (refreshed): the server keeps the connection with the new one. */
  tokenChanged(token: string): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'auth', token }));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.stopFollowingNetwork?.();
    this.socket?.close(1000, 'signed out');
    this.socket = null;
    this.releaseLock?.();
    this.tabs?.close();
  }

  private lead(): void {
    this.isLeader = true;
    this.stopFollowingNetwork = subscribeReachability(() => this.networkChanged());
    this.connect();
  }

  private networkChanged(): void {
    if (this.stopped) return;
    if (!isReachable()) {
      const socket = this.socket;
      this.socket = null;
      socket?.close(1000, 'offline');
      clearTimeout(this.timer);
      this.setStatus(this.everConnected ? 'reconnecting' : 'connecting');
    } else if (!this.socket) {
      clearTimeout(this.timer);
      this.attempt = 0;
      this.connect();
    }
  }

  private fromTab(message: TabMessage): void {
    if (message.kind === 'hello') {
      if (this.isLeader) this.tabs?.postMessage({ kind: 'status', status: this.currentStatus } satisfies TabMessage);
      return;
    }
    if (this.isLeader) return;
    if (message.kind === 'message') this.listener.message(message.message);
    else if (message.kind === 'status') this.listener.status(message.status);
    else if (message.kind === 'subscribed') this.listener.subscribed();
  }

  private share(message: TabMessage): void {
    this.tabs?.postMessage(message);
    if (message.kind === 'message') this.listener.message(message.message);
    else if (message.kind === 'status') this.listener.status(message.status);
    else if (message.kind === 'subscribed') this.listener.subscribed();
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.share({ kind: 'status', status });
  }

  private connect(): void {
    // Offline, the network layer's probe says when to try again (networkChanged).
    if (this.stopped || !isReachable()) return;
    const url = `${window.location.origin.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      void this.getToken().then((token) => {
        if (socket !== this.socket) return;
        if (!token) return socket.close(1000, 'signed out');
        socket.send(JSON.stringify({ type: 'auth', token }));
      });
    };
    socket.onmessage = (event: MessageEvent<string>) => {
      let message: LiveServerMessage;
      try {
        message = JSON.parse(event.data) as LiveServerMessage;
      } catch {
        return;
      }
      if (message.type === 'ready') {
        socket.send(JSON.stringify({ type: 'subscribe', topics: this.topics }));
        this.attempt = 0;
        return;
      }
      if (message.type === 'subscribed') {
        this.everConnected = true;
        // The reads start before the status says live, so whatever waits for "live" finds them under way.
        this.share({ kind: 'subscribed' });
        this.setStatus('live');
        return;
      }
      this.share({ kind: 'message', message });
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      // An expired token: the next attempt fetches a fresh one at once.
      if (event.code === LIVE_CLOSE.unauthorised && this.attempt === 0) {
        this.attempt = 1;
        this.connect();
        return;
      }
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped || !isReachable()) return;
    this.setStatus(this.attempt >= ATTEMPTS_BEFORE_UNAVAILABLE ? 'unavailable' : 'reconnecting');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), reconnectDelayMs(this.attempt));
    this.attempt += 1;
  }
}
