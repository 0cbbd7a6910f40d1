import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that takes large bodies (an organiser's photo upload) gets UPLOAD_BODY_TIMEOUT_MS for its body. */
    largeBody?: boolean;
  }
}

/** A 4 MB photo at half a megabit per second, on a poor venue network. */
export const UPLOAD_BODY_TIMEOUT_MS = 60_000;

/**
 * Node's own ceiling for a whole request, headers and body, on every route: above the upload's
 * bound, so it only ever catches what the body deadline below does not watch.
 */
export const REQUEST_TIMEOUT_MS = UPLOAD_BODY_TIMEOUT_MS + 30_000;

/** How often Node looks for requests past their deadline (its default, 30 s, would let them overstay). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

const REQUEST_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/** Refusals are counted and logged at most this often, so a flood cannot fill the log. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Bodies must arrive in time, and one address holds a bounded number of connections
 * (docs/security.md#slow-and-greedy-clients). The headers' bound (headersTimeout) and Node's
 * ceiling for a whole request are set where the server is created (app.ts).
 */
export function guardSlowClients(app: FastifyInstance, options: { bodyTimeoutMs: number; connectionsPerAddress: number }): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !declaresBody(raw.headers)) return done();
    const ms = request.routeOptions.config.largeBody ? UPLOAD_BODY_TIMEOUT_MS : options.bodyTimeoutMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      // As Node answers its own request timeout: a 408 if nothing was written yet, then the connection ends.
      const socket = raw.socket;
      if (!reply.raw.headersSent && socket.writable) socket.write(REQUEST_TIMEOUT_ANSWER);
      socket.destroy();
    }, ms);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
  closeSilentConnections(app, options.bodyTimeoutMs);
  if (options.connectionsPerAddress > 0) limitConnectionsPerAddress(app, options.connectionsPerAddress);
}

/**
 * Node times headers out only once their first byte has come; a connection that never sends one
 * would stay open. Its first request's headers must arrive within the body's bound too.
 */
function closeSilentConnections(app: FastifyInstance, ms: number): void {
  const started = new WeakSet<object>();
  const mark = (request: { socket: object }) => void started.add(request.socket);
  app.server.on('request', mark);
  app.server.on('upgrade', mark);
  app.server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      if (!started.has(socket)) socket.destroy();
    }, ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

function declaresBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

/**
 * Counts open connections by the peer's address (behind a proxy: the proxy's). One beyond the cap
 * is closed at once, before anything is read from it.
 */
function limitConnectionsPerAddress(app: FastifyInstance, cap: number): void {
  const open = new Map<string, number>();
  let refused = 0;
  let lastLogged = 0;
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      refused += 1;
      if (Date.now() - lastLogged >= REFUSAL_LOG_INTERVAL_MS) {
        lastLogged = Date.now();
        app.log.warn({ refused, cap }, 'closed connections beyond CONNECTIONS_PER_ADDRESS from one address');
        refused = 0;
      }
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
