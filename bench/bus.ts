// `tsx bench/bus.ts`: the live bus between two instances alone, at the vote spike's rate. Two buses
// on one channel each publish half of BENCH_BUS_RATE events a second (default 2,000) for
// BENCH_SECONDS, in 10 ms ticks as votes' answers arrive; every event's delay to each bus is timed
// and each bus must hear every event exactly once. LISTEN/NOTIFY with DATABASE_URL, Redis with
// REDIS_URL (both set: both run, one after the other).
import { loadavg } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { postgresBus, type LiveBus } from '../apps/server/src/live/bus.ts';
import { redisBus, redisChannelFor } from '../apps/server/src/live/bus-redis.ts';
import { createPrivateSchema } from '../apps/server/test/private-schema.ts';
import { condition } from './condition.ts';
import { latencyFigures } from './latency.ts';

const RATE = Number(process.env.BENCH_BUS_RATE ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const TICK_MS = 10;
/** The buses log only failures; here nothing is written. */
const quiet = (): undefined => undefined;
const log = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
} as unknown as FastifyBaseLogger;

interface Stamp {
  from: number;
  seq: number;
  at: number;
}

async function measure(name: string, open: () => Promise<LiveBus>): Promise<void> {
  const buses = [await open(), await open()];
  const delays: number[] = [];
  const heard = buses.map(() => new Map<string, number>());
  let sent = Number.POSITIVE_INFINITY;
  const allHeard = condition(() => heard.every((map) => map.size >= sent));
  buses.forEach((bus, i) => {
    bus.onEvents((events) => {
      const now = performance.now();
      for (const event of events) {
        const stamp = event.data as Stamp;
        const key = `${stamp.from}:${stamp.seq}`;
        heard[i]!.set(key, (heard[i]!.get(key) ?? 0) + 1);
        delays.push(now - stamp.at);
      }
      allHeard.changed();
    });
  });
  const perTick = (RATE * TICK_MS) / 1000 / buses.length;
  const ticks = (SECONDS * 1000) / TICK_MS;
  const cpu = process.cpuUsage();
  const started = performance.now();
  let seq = 0;
  for (let tick = 0; tick < ticks; tick += 1) {
    for (let n = 0; n < perTick; n += 1, seq += 1) {
      buses.forEach((bus, from) => bus.publish({ topic: 'bench', data: { from, seq, at: performance.now() } satisfies Stamp }));
    }
    const due = started + (tick + 1) * TICK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  sent = seq * buses.length;
  await allHeard.reached(10_000);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  const once = heard.every((map) => map.size === sent && [...map.values()].every((count) => count === 1));
  const figures = latencyFigures(delays, seconds);
  const sorted = [...delays].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? NaN;
  console.log(
    `${name}: ${sent} events in ${SECONDS} s (${(sent / SECONDS).toFixed(0)}/s), each bus heard ${heard.map((map) => map.size).join(' / ')}, exactly once: ${once ? 'yes' : 'NO'}; ` +
      `delay p50 ${figures.p50} ms, p95 ${p95.toFixed(0)} ms, p99 ${figures.p99} ms; CPU of this process ${((used.user + used.system) / 1000).toFixed(0)} ms; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
  );
  await Promise.all(buses.map((bus) => bus.close()));
}

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (databaseUrl) {
  const schema = await createPrivateSchema(databaseUrl, 'bench');
  try {
    await measure('LISTEN/NOTIFY', () => postgresBus(schema.url, log));
  } finally {
    await schema.drop();
  }
}
if (redisUrl) {
  const channel = redisChannelFor('bench', String(process.pid));
  await measure('Redis publish/subscribe', () => redisBus(redisUrl, channel, log));
}
if (!databaseUrl && !redisUrl) console.log('set DATABASE_URL and/or REDIS_URL');
