import { createServer } from 'node:net';

/**
 * A TCP port nothing listens on right now, for a server a test or a benchmark starts. On its own,
 * without the harness's vitest imports, so the benchmarks and the browser journeys can use it too.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
