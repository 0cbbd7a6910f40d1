import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@mc/contract';
import { backends, signUpUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { LIVE_MESSAGE_LIMIT_MS, LiveTestClient } from '../../test/live-client.ts';
import { BAD_MESSAGE_LOG_INTERVAL_MS, MAX_BAD_MESSAGES } from './hub.ts';

/** Messages that are not the live channel's: not JSON, not an object, an unknown or incomplete shape. */
const BAD_TEXTS = ['null', '{not json', '42', '"auth"', '[]', '{}', '{"type":"nope"}', '{"type":"subscribe","topics":"missions"}', 'true'];

for (const backend of backends) {
  describe(`live channel, bad messages [${backend}]`, () => {
    let server: TestServer;
    const log: string[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => void log.push(line) } });
    });
    afterAll(async () => {
      await server.close();
    });

    /** Sends bad messages one after another, each answered before the next, until the server closes. */
    async function sendUntilClosed(client: LiveTestClient, first: number): Promise<{ answered: number; code: number }> {
      let answered = 0;
      for (let index = first; client.closeCode === undefined; index += 1) {
        const before = client.received.length;
        if (index % BAD_TEXTS.length === 0) client.socket.send(Buffer.from([0, 1, 2]), { binary: true });
        else client.send(BAD_TEXTS[index % BAD_TEXTS.length]!);
        try {
          await client.waitFor((message) => message.type === 'error', LIVE_MESSAGE_LIMIT_MS, before);
          answered += 1;
        } catch {
          // Closed instead of answered: the loop ends.
        }
        if (answered > MAX_BAD_MESSAGES + 1) throw new Error('the server never closed the connection');
      }
      return { answered, code: await client.waitForClose() };
    }

    it('answers a few bad messages, then disconnects the client, and writes a short line now and then, never a stack', async () => {
      const user = await signUpUser(server);
      const started = Date.now();
      const fromLine = log.length;
      // A signed-in client, then many that never sign in: about 200 bad messages in all.
      const signedIn = await LiveTestClient.follow(server.url, user.session.access_token);
      const first = await sendUntilClosed(signedIn, 0);
      expect(first).toEqual({ answered: MAX_BAD_MESSAGES, code: LIVE_CLOSE.badMessages });
      let sent = MAX_BAD_MESSAGES + 1;
      for (let connection = 1; sent < 200; connection += 1) {
        const client = await LiveTestClient.open(server.url);
        const result = await sendUntilClosed(client, connection);
        expect(result).toEqual({ answered: MAX_BAD_MESSAGES, code: LIVE_CLOSE.badMessages });
        sent += MAX_BAD_MESSAGES + 1;
      }
      const elapsed = Date.now() - started;

      const lines = log.slice(fromLine).filter((line) => line.includes('live channel'));
      expect(lines.length).toBeGreaterThanOrEqual(1);
      // One line per interval at most (plus the first), however many messages came.
      expect(lines.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / BAD_MESSAGE_LOG_INTERVAL_MS));
      for (const line of lines) {
        expect(line.length).toBeLessThan(300);
        expect(line).not.toMatch(/stack|"err"/);
      }
      const written = log.slice(fromLine).join('');
      expect(written).not.toMatch(/stack|at .*\.ts:\d+/);
      expect(Buffer.byteLength(written)).toBeLessThan(300 * (1 + Math.ceil(elapsed / BAD_MESSAGE_LOG_INTERVAL_MS)) + 2_000);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, badMessages: 1, msg: 'live channel refused bad messages' });

      // A well-behaved client on the same instance is not affected.
      const fine = await LiveTestClient.follow(server.url, user.session.access_token);
      expect(fine.closeCode).toBeUndefined();
      fine.close();
    });
  });
}
