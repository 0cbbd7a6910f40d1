// `npm run bench:startup`: how long the server takes to answer /readyz, and how much memory its
// process tree holds when idle, on the embedded database: first on a new folder (unpacked from the
// build's database image), then restarted on that folder (the usual start). It also prints the CPU
// time used until ready, which a loaded machine inflates far less than the wall time.
// The memory is printed twice: the sum of each process's VmRSS, and the pages the tree holds with
// each shared page counted once (npm and the server under it both map node's own binary).
// The command measured is the server as `npm start` runs it once the build is done; pass another
// command after `--` to compare (e.g. `npm run bench:startup -- npm start`, which adds npm's own
// process to the tree, or `-- npx tsx apps/server/src/main.ts`).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { distinctResidentMiB, processTree } from './memory.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { COMPILED_SERVER_ARGS } from '../apps/server/test/process-harness.ts';
import { isProcessAlive } from '../apps/server/src/ops/control.ts';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
/** New folders, and restarts on each. */
const FOLDERS = Number(process.env.BENCH_FOLDERS ?? 1);
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);

async function waitReady(url: string, exited: () => boolean): Promise<void> {
  for (;;) {
    if (exited()) throw new Error('the server exited before it was ready');
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Round {
  readyMs: number;
  /** CPU time the process tree used until it was ready: what the wall time would be on an idle core, roughly. */
  readyCpuSeconds: number;
  idleMiB: number;
  /** The tree's memory with each shared page counted once (null where /proc does not tell). */
  distinctMiB: number | null;
  processes: number;
}

async function round(command: string[], dataDir: string, idleSeconds: number): Promise<Round> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  try {
    await waitReady(`http://127.0.0.1:${port}`, () => exited);
    const readyMs = performance.now() - started;
    const readyCpuSeconds = processTree(child.pid!).cpuSeconds;
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const tree = processTree(child.pid!);
    return { readyMs, readyCpuSeconds, idleMiB: tree.rssMiB, distinctMiB: distinctResidentMiB(tree.pids), processes: tree.pids.length };
  } finally {
    // npm does not always pass SIGTERM on to the server it started: stop every process of the tree,
    // and wait for all of them (the server releases the data folder last) before the next round.
    const pids = processTree(child.pid!).pids.reverse();
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => (exited ? resolve(null) : child.once('exit', resolve)));
    // The server under npm is not our child, so there is no exit event to wait for: ask every 20 ms
    // whether each process is still there.
    while (pids.some(isProcessAlive)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main(): Promise<void> {
  // npm passes what follows its own `--` as arguments, without a `--` of ours.
  const args = process.argv.slice(2);
  const given = args[0] === '--' ? args.slice(1) : args;
  // As package.json's start script runs it once the build is done.
  const command = given.length ? given : [process.execPath, ...COMPILED_SERVER_ARGS];
  console.log(`start-up and idle memory: ${command.join(' ')}`);
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}; idle ${IDLE_SECONDS} s before memory is read`,
  );
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const once = (miB: (number | null)[]) => (miB.every((value) => value !== null) ? `, ${median(miB).toFixed(0)} MiB counting each shared page once` : '');
  const report = (label: string, result: Round) =>
    console.log(
      `  ${label}: ready in ${(result.readyMs / 1000).toFixed(2)} s (${result.readyCpuSeconds.toFixed(2)} s of CPU); idle ${result.idleMiB.toFixed(0)} MiB resident in ${result.processes} process${result.processes === 1 ? '' : 'es'}${once([result.distinctMiB])}`,
    );
  const fresh: Round[] = [];
  const restarts: Round[] = [];
  for (let folder = 1; folder <= FOLDERS; folder += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mc-startup-'));
    try {
      const created = await round(command, dataDir, IDLE_SECONDS);
      fresh.push(created);
      report(`new folder ${folder}`, created);
      for (let n = 1; n <= RESTARTS; n += 1) {
        const restarted = await round(command, dataDir, IDLE_SECONDS);
        restarts.push(restarted);
        report(`  restart ${n}`, restarted);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const [label, rounds] of [
    ['new folder', fresh],
    ['restart', restarts],
  ] as const) {
    if (!rounds.length) continue;
    console.log(
      `median, ${label}: ready in ${(median(rounds.map((r) => r.readyMs)) / 1000).toFixed(2)} s (${median(rounds.map((r) => r.readyCpuSeconds)).toFixed(2)} s of CPU), idle ${median(rounds.map((r) => r.idleMiB)).toFixed(0)} MiB resident${once(rounds.map((r) => r.distinctMiB))} (targets: ready ≤ 2 s, idle ≤ 250 MB = 238 MiB)`,
    );
  }
  console.log(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
