import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/harness.ts';
import { spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One kept-alive HTTP/1.1 connection, written by hand so that nothing (no agent, no retry) opens
 * a second connection behind the test's back: every request goes over this one socket.
 */
class KeptAliveConnection {
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  readonly closed: Promise<void>;

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    void this.closed.then(() => this.waiting?.());
  }

  static open(port: number): Promise<KeptAliveConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new KeptAliveConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a GET and resolves with the whole answer; rejects when the connection ends first (a reset). */
  async get(path: string): Promise<RawResponse> {
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
    for (;;) {
      const response = this.takeResponse();
      if (response) return response;
      if (this.socket.destroyed) throw new Error('the connection ended without an answer');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = null;
    }
  }

  /** The first complete answer in the buffer (headers and a Content-Length body), if there is one. */
  private takeResponse(): RawResponse | null {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffered.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffered.length < end + 4 + length) return null;
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }
}

/**
 * A load balancer's view of a rolling restart: a connection it keeps alive to the server must get
 * a clean "go elsewhere" (503 with Connection: close) after SIGTERM, never a reset. The drain
 * happens before any request reaches the database, so one database (PGlite) is enough here.
 */
describe('draining kept-alive connections on SIGTERM', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('answers a request sent on a kept-alive connection after the signal with 503 and Connection: close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-drain-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    // A drain far longer than the test needs: the server must leave as soon as the connection is closed, not at the deadline.
    const server: SpawnedServer = await spawnServer({ PORT: String(port), DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '60000', SHUTDOWN_TIMEOUT_MS: '120000' });
    cleanups.push(async () => void (await server.stop('SIGKILL')));

    const connection = await KeptAliveConnection.open(port);
    const before = await connection.get('/healthz');
    expect(before.status).toBe(200);
    expect(before.headers.connection ?? 'keep-alive').toMatch(/keep-alive/i);

    server.child.kill('SIGTERM');
    await server.waitForOutput('shutting down');

    const during = await connection.get('/rest/v1/rpc/get_all_missions');
    expect(during.status).toBe(503);
    expect(during.headers.connection).toMatch(/^close$/i);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(during.body)).toEqual({
      code: 'PGRST503',
      message: 'The server is restarting. Please try again in a moment.',
      details: null,
      hint: null,
    });

    // The server closes the connection after that answer, and then, with no connection left, exits cleanly.
    await connection.closed;
    const closedAt = Date.now();
    const exit = await server.finished;
    expect(exit.code, exit.stderr).toBe(0);
    // Not at the end of its 60 s drain: nothing held it once the last connection was gone.
    expect(Date.now() - closedAt).toBeLessThan(30_000);
    expect(exit.stdout).toContain('"clean":true');
  });
});
