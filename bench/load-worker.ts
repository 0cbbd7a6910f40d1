import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load-types.ts';

/**
 * Runs one autocannon scenario in its own process (forked by run.ts), so the load generator never
 * shares the server's event loop. Requests go out in turn from the job's list (distinct users, distinct bodies).
 */
async function run(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  const answers: Record<string, number> = {};
  const errorSamples: string[] = [];
  // A counted run is timed from the first request sent to the last answer read: autocannon's own
  // duration is whole seconds and runs on past the last answer to its next tick.
  let firstSent = 0;
  let lastAnswered = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
    ...(job.rate ? { overallRate: job.rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          if (next === 0) firstSent = performance.now();
          const item = job.requests[next % job.requests.length];
          next += 1;
          if (!item) throw new Error('empty request list');
          // As a browser asks: gzip accepted, so large answers cost the server their compression.
          const headers = { apikey: 'bench', 'accept-encoding': 'gzip', ...(item.token ? { authorization: `Bearer ${item.token}` } : {}) };
          if (item.method === 'GET') return { ...request, method: 'GET', path: item.path, body: undefined, headers };
          return { ...request, method: 'POST', path: item.path, body: item.body, headers: { ...headers, 'content-type': 'application/json' } };
        },
        onResponse: (status, body) => {
          lastAnswered = performance.now();
          if (status >= 200 && status < 300) {
            if (body.length <= 40) answers[body] = (answers[body] ?? 0) + 1;
          } else if (errorSamples.length < 3) {
            errorSamples.push(`${status} ${body.slice(0, 200)}`);
          }
        },
      },
    ],
  });
  const requests = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const seconds = job.amount ? (lastAnswered - firstSent) / 1000 : result.duration;
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    answers,
    errorSamples,
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
