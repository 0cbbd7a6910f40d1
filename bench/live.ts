import type { RunningServer } from '../apps/server/src/server.ts';
import type { LoadResult } from './load-types.ts';
import type { LiveClientsCommand, LiveClientsReply, LiveDelays, ProbeJob, ProbeReply } from './live-types.ts';
import { HelperProcess } from './helper-process.ts';

export interface LiveFigures {
  clients: number;
  rounds: number;
  connectSeconds: number;
  /** The spike in every round, added up: without the clients, and with them. */
  without: LoadResult;
  with: LoadResult;
  /** Each round's votes/s, without and with, in order. */
  perRound: { without: number; with: number }[];
  /** CPU time the server's process used per 1,000 answered votes, without and with the clients, ms. */
  cpuPerThousandWithout: number;
  cpuPerThousandWith: number;
  /** The hub's sends to every follower during the run: how many, and the time it spent writing them (synchronous work: the server's CPU), ms. */
  fanouts: number;
  fanoutWritingMs: number;
  /** Over every round: the delays, and the fewest clients that saw a round's last probe vote. */
  delays: LiveDelays;
  probeVotes: number;
  probeErrors: string[];
  /** Resident memory of the server's process before and after the clients first connected (settled, see `memory`), bytes. */
  rssBefore: number;
  rssAfter: number;
  /** The JavaScript heap plus memory outside it (Buffers), same moments, bytes. */
  heapBefore: number;
  heapAfter: number;
}

/** A helper process (bench/live-worker.ts): the screens, or the probe voter. */
function liveHelper(): HelperProcess<LiveClientsCommand | ({ kind: 'probe' } & ProbeJob), LiveClientsReply | ProbeReply> {
  return new HelperProcess(new URL('./live-worker.ts', import.meta.url), { kind: 'close' });
}

/**
 * Memory once it has settled: full collections half a second apart until resident memory moves by
 * less than 1 MiB (V8 hands freed pages back to the system lazily), for at most 10 s. So what the
 * last scenario left behind is gone on both sides of the comparison.
 */
async function memory(): Promise<{ rss: number; heap: number }> {
  let previous = Number.POSITIVE_INFINITY;
  for (let tries = 0; tries < 20; tries += 1) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rss = process.memoryUsage().rss;
    if (Math.abs(rss - previous) < 2 ** 20) break;
    previous = rss;
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
}

/** Several runs of the spike as one: answers added up, the median p50 and the worst p99. */
function together(results: LoadResult[]): LoadResult {
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const seconds = results.reduce((sum, result) => sum + result.seconds, 0);
  const p50s = results.map((result) => result.p50).sort((a, b) => a - b);
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50: p50s[Math.floor(p50s.length / 2)] ?? NaN,
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    answers: {},
    errorSamples: results.flatMap((result) => result.errorSamples).slice(0, 3),
  };
}

/**
 * The closing panel with a full room: `tokens.length` people keep the live channel open on ONE
 * instance while the vote spike runs. In each round the spike runs without them, then with them
 * (connected afresh), so both halves see the machine's other work alike; on a shared machine one
 * pair alone says little. Measures the spike's rate both ways, the server process's memory per
 * connected client, and the delay from a vote's answer to its arrival at every client, through probe
 * votes on a second mission, made during the spike by people who had not voted for it, so each
 * answer is a known count.
 */
export async function liveScenario(options: {
  server: RunningServer;
  spike: () => Promise<LoadResult>;
  tokens: string[];
  probeMission: string;
  probeTokens: string[];
  seconds: number;
  rounds: number;
}): Promise<LiveFigures> {
  const { server, spike, tokens, probeMission, probeTokens, seconds, rounds } = options;
  const measured = async (): Promise<{ result: LoadResult; cpuMs: number }> => {
    const cpu = process.cpuUsage();
    const result = await spike();
    const used = process.cpuUsage(cpu);
    return { result, cpuMs: (used.user + used.system) / 1000 };
  };
  // What one message to every follower costs the server: the hub's time writing, summed over the
  // rounds (it writes a large message over several turns of the event loop, not within publish).
  const hub = server.live.hub;
  const publish = hub.publish.bind(hub);
  let fanouts = 0;
  hub.publish = (topic, data) => {
    publish(topic, data);
    fanouts += 1;
  };
  const writingBefore = hub.msWriting;
  const clients = liveHelper();
  const probe = liveHelper();
  const without: { result: LoadResult; cpuMs: number }[] = [];
  const withClients: { result: LoadResult; cpuMs: number }[] = [];
  let memoryBefore = { rss: 0, heap: 0 };
  let memoryAfter = { rss: 0, heap: 0 };
  let connectSeconds = 0;
  let connectedClients = tokens.length;
  let fewestWithLast = tokens.length;
  let messagesPerSecond = 0;
  let clientsCpu = 0;
  let delays: LiveDelays | undefined;
  let unused = [...probeTokens];
  const probeVotes: number[] = [];
  const probeErrors: string[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      process.stdout.write(`  round ${round}/${rounds}: the spike without live clients … `);
      without.push(await measured());
      console.log(`${without.at(-1)!.result.perSecond.toFixed(0)}/s, p99 ${without.at(-1)!.result.p99} ms`);

      if (round === 1) memoryBefore = await memory();
      process.stdout.write(`  round ${round}/${rounds}: connecting ${tokens.length} live clients … `);
      const connected = await clients.ask({ kind: 'connect', url: server.url, tokens }, 'connected');
      console.log(
        `${connected.connected} ready in ${connected.seconds.toFixed(1)} s (the server holds ${server.live.hub.size}), ${connected.failed} failed${connected.errors[0] ? ` (${connected.errors[0]})` : ''}`,
      );
      connectedClients = Math.min(connectedClients, connected.connected);
      if (round === 1) {
        connectSeconds = connected.seconds;
        memoryAfter = await memory();
      }

      const [row] = await server.db.query<{ vote_count: number }>('select vote_count from missions where mission_id = $1', [probeMission]);
      await clients.ask({ kind: 'watch', missionId: probeMission }, 'watching');
      process.stdout.write(`  round ${round}/${rounds}: the spike with them, and probe votes … `);
      const probing = probe.ask(
        { kind: 'probe', url: server.url, missionId: probeMission, base: row?.vote_count ?? 0, tokens: unused, intervalMs: 100, durationMs: seconds * 1000 },
        'probed',
      );
      withClients.push(await measured());
      const probed = await probing;
      unused = unused.slice(probed.votes.length + probed.errors.length);
      probeVotes.push(probed.votes.length);
      probeErrors.push(...probed.errors);
      const reply = await clients.ask({ kind: 'delays', votes: probed.votes, waitMs: 10_000 }, 'delays');
      delays = reply.delays;
      fewestWithLast = Math.min(fewestWithLast, reply.delays.clientsWithLast);
      messagesPerSecond += reply.delays.messagesPerClientPerSecond / rounds;
      clientsCpu += reply.delays.cpuShare / rounds;
      console.log(`${withClients.at(-1)!.result.perSecond.toFixed(0)}/s, p99 ${withClients.at(-1)!.result.p99} ms; ${probed.votes.length} probe votes`);

      await clients.ask({ kind: 'disconnect' }, 'disconnected');
      // The server notices each closed socket on its next turns; the next round starts without any.
      while (server.live.hub.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    hub.publish = publish;
    clients.end();
    probe.end();
  }
  const cpuPerThousand = (runs: { result: LoadResult; cpuMs: number }[]) =>
    runs.reduce((sum, run) => sum + run.cpuMs, 0) / (runs.reduce((sum, run) => sum + run.result.requests, 0) / 1000);
  return {
    clients: connectedClients,
    rounds,
    connectSeconds,
    without: together(without.map((run) => run.result)),
    with: together(withClients.map((run) => run.result)),
    perRound: without.map((run, i) => ({ without: run.result.perSecond, with: withClients[i]?.result.perSecond ?? NaN })),
    cpuPerThousandWithout: cpuPerThousand(without),
    cpuPerThousandWith: cpuPerThousand(withClients),
    fanouts,
    fanoutWritingMs: hub.msWriting - writingBefore,
    delays: { ...delays!, clientsWithLast: fewestWithLast, messagesPerClientPerSecond: messagesPerSecond, cpuShare: clientsCpu },
    probeVotes: probeVotes.reduce((sum, n) => sum + n, 0),
    probeErrors,
    rssBefore: memoryBefore.rss,
    rssAfter: memoryAfter.rss,
    heapBefore: memoryBefore.heap,
    heapAfter: memoryAfter.heap,
  };
}

/** The live scenario's figures, each against its target. */
export function printLive(live: LiveFigures): void {
  const KB = 1024;
  const kept = live.with.perSecond / live.without.perSecond;
  const perClientRss = (live.rssAfter - live.rssBefore) / live.clients;
  const perClientHeap = (live.heapAfter - live.heapBefore) / live.clients;
  const { delays } = live;
  console.log(`live channel, ${live.clients} clients on one instance (connected in ${live.connectSeconds.toFixed(1)} s), ${live.rounds} rounds:`);
  console.log(
    `  the spike without / with them: ${live.without.perSecond.toFixed(0)} / ${live.with.perSecond.toFixed(0)} votes/s = ${(kept * 100).toFixed(0)} % (target ≥ 80 %) → ${kept >= 0.8 ? 'MET' : 'NOT MET'}` +
      `; by round: ${live.perRound.map((round) => `${round.without.toFixed(0)} / ${round.with.toFixed(0)}`).join(', ')}`,
  );
  console.log(
    `  vote answer → arrival at the clients: p50 ${delays.p50} ms, p99 ${delays.p99} ms, max ${delays.max} ms over ${delays.samples} (vote, client) pairs ` +
      `(${live.probeVotes} probe votes; ${delays.missing} never arrived; ${delays.early} arrived before the voter had its answer) (target p99 < 1,000 ms) → ${delays.p99 < 1_000 && delays.missing === 0 ? 'MET' : 'NOT MET'}`,
  );
  console.log(`  missions messages per client per second during the spike: ${delays.messagesPerClientPerSecond.toFixed(1)}`);
  console.log(
    `  server CPU per 1,000 votes without / with the clients: ${live.cpuPerThousandWithout.toFixed(0)} / ${live.cpuPerThousandWith.toFixed(0)} ms; ` +
      `the clients' own process used ${(live.delays.cpuShare * 100).toFixed(0)} % of a core`,
  );
  const withCpuMs = (live.cpuPerThousandWith * live.with.requests) / 1000;
  console.log(
    `  sending: ${live.fanouts} messages to all ${live.clients} clients, ${(live.fanoutWritingMs / Math.max(1, live.fanouts)).toFixed(1)} ms of the server's time writing each ` +
      `(${((live.fanoutWritingMs * 1000) / Math.max(1, live.fanouts * live.clients)).toFixed(1)} µs per client), ${((live.fanoutWritingMs / withCpuMs) * 100).toFixed(0)} % of the server's CPU during the spikes with clients`,
  );
  console.log(
    `  server memory per connected client: ${(perClientRss / KB).toFixed(1)} KB resident (${(live.rssBefore / 2 ** 20).toFixed(0)} → ${(live.rssAfter / 2 ** 20).toFixed(0)} MiB), ` +
      `${(perClientHeap / KB).toFixed(1)} KB of heap and buffers (target < 50 KB) → ${perClientRss < 50 * KB ? 'MET' : 'NOT MET'}`,
  );
}
