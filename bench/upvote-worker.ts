import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { LiveServerMessage, QuestionsLiveEvent } from '@mc/contract';
import { LIVE_SOCKET_PATH } from '@mc/contract';
import { condition } from './condition.ts';
import type { UpvoteFigures, UpvoteJob } from './upvote-types.ts';

/*
 * The room upvoting one question, from a process of its own (forked by bench/questions.ts), so
 * neither the sender nor the projector-like subscriber shares the server's event loop, and both
 * read one clock: every upvote is sent on the room's pace (all of them within `seconds`), each
 * answer's moment and count is kept, and the subscriber keeps each live message's moment and count.
 */

interface Answer {
  at: number;
  count: number;
}

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** A projector-like subscriber of the part's questions: keeps each message's moment and count in `seen`, then calls `onSeen`; answers how to close it. */
async function projector(job: UpvoteJob, seen: Answer[], onSeen: () => void): Promise<() => void> {
  const socket = new WebSocket(`${job.url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (message.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', topics: [job.topic] }));
      else if (message.type === 'subscribed') resolve();
      else if (message.type === 'event' && message.topic === job.topic) {
        const question = (message.data as QuestionsLiveEvent).questions.find((entry) => entry.question_id === job.questionId);
        seen.push({ at: performance.now(), count: question?.vote_count ?? 0 });
        onSeen();
      }
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: job.projectorToken })));
  });
  return () => socket.close();
}

function upvote(agent: Agent, job: UpvoteJob, token: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ p_question_id: job.questionId, p_up: true });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${job.url}${job.path}`,
      {
        method: 'POST',
        agent,
        headers: { apikey: 'bench', authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

async function run(job: UpvoteJob): Promise<UpvoteFigures> {
  const seen: Answer[] = [];
  const everyoneCounted = condition(() => (seen.at(-1)?.count ?? 0) >= job.tokens.length);
  const closeProjector = await projector(job, seen, () => everyoneCounted.changed());
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const everyone = [...job.tokens, ...job.tokens.slice(0, job.repeats)];
  const gap = (job.seconds * 1000) / everyone.length;
  const answers: Answer[] = [];
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let inFlight = 0;
  let freed: (() => void) | null = null;
  const start = performance.now();
  let lastAnswered = start;
  const pending: Promise<void>[] = [];
  for (const [index, token] of everyone.entries()) {
    const due = start + index * gap;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    while (inFlight >= job.connections) await new Promise<void>((resolve) => (freed = resolve));
    inFlight += 1;
    const sentAt = performance.now();
    pending.push(
      upvote(agent, job, token)
        .then(({ status, body }) => {
          const at = performance.now();
          lastAnswered = Math.max(lastAnswered, at);
          latencies.push(at - sentAt);
          if (status >= 200 && status < 300) answers.push({ at, count: (JSON.parse(body) as { vote_count: number }).vote_count });
          else {
            errors += 1;
            if (errorSamples.length < 3) errorSamples.push(`${status} ${body.slice(0, 200)}`);
          }
        })
        .catch((error: unknown) => {
          errors += 1;
          if (errorSamples.length < 3) errorSamples.push(String(error));
        })
        .finally(() => {
          inFlight -= 1;
          const wake = freed;
          freed = null;
          wake?.();
        }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  // The projector's last word: wait (at most 10 s) until it counts everyone.
  await everyoneCounted.reached(10_000);
  closeProjector();

  const delays: number[] = [];
  let missing = 0;
  for (const answer of answers) {
    const shown = seen.find((message) => message.count >= answer.count);
    if (shown) delays.push(Math.max(0, shown.at - answer.at));
    else missing += 1;
  }
  const sortedDelays = delays.sort((a, b) => a - b);
  const sortedLatencies = latencies.sort((a, b) => a - b);
  return {
    sent: everyone.length,
    ok: answers.length,
    errors,
    errorSamples,
    seconds: (lastAnswered - start) / 1000,
    p50: Math.round(quantile(sortedLatencies, 0.5)),
    p99: Math.round(quantile(sortedLatencies, 0.99)),
    delay: {
      p50: Math.round(quantile(sortedDelays, 0.5)),
      p95: Math.round(quantile(sortedDelays, 0.95)),
      max: Math.round(sortedDelays.at(-1) ?? NaN),
      missing,
    },
    messages: seen.length,
    shown: seen.at(-1)?.count ?? 0,
  };
}

process.once('message', (job: UpvoteJob) => {
  run(job).then(
    (figures) => process.send?.({ ok: true, figures }),
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
