import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * Test helpers that run the real thing: the compiled server as `npm start` runs it
 * (`node --v8-pool-size=1 dist/server/main.js`, compiled before the tests by compile-server.ts) and the operator's commands,
 * as separate processes with their own environment, the way an operator runs them.
 */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * node's arguments for the compiled server, as `npm start` and the systemd unit in docs/deploy.md
 * run it (one V8 helper thread: docs/decisions/046-one-v8-helper-thread.md); the journeys and
 * `npm run bench:startup` start it with these too.
 */
export const COMPILED_SERVER_ARGS = ['--v8-pool-size=1', 'dist/server/main.js'];

/** The operator's commands compiled (`npm run organiser -- …` runs this file once the build is current: scripts/ops.mjs). */
export const COMPILED_OPS = 'dist/server/ops.js';
/** The commands it knows, by their `npm run` names. */
export type OpsCommand = 'organiser' | 'backup' | 'restore' | 'db:export';

/** Variables a test environment might carry that must not leak into a spawned server by accident. */
const NOT_INHERITED = ['DATABASE_URL', 'JWT_PRIVATE_KEY', 'PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'SMTP_URL', 'PUBLIC_URL', 'TRUST_PROXY'];

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_INHERITED.includes(name)));
  return { ...base, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  finished: Promise<Finished>;
  /** Sends the signal (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Finished>;
  /** Resolves once the server has written a line containing text to stdout (or earlier, if it already has). */
  waitForOutput(text: string): Promise<void>;
}

export interface RunOptions {
  /** The file-mode mask the process starts with (e.g. '000'), as an operator's shell would set it. */
  umask?: string;
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: RunOptions = {},
): { child: ChildProcess; finished: Promise<Finished>; out: string[]; err: string[] } {
  // Node cannot give a child its own umask; a shell sets it and then becomes the program.
  const [program, programArgs] = options.umask ? ['/bin/sh', ['-c', `umask ${options.umask} && exec "$0" "$@"`, command, ...args]] : [command, args];
  const child = spawn(program, programArgs, { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => out.push(chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => err.push(chunk));
  const finished = new Promise<Finished>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout: out.join(''), stderr: err.join('') }));
  });
  return { child, finished, out, err };
}

/** Runs the server until it exits by itself (for start-up refusals); kills it after timeoutMs. */
export async function runServerUntilItStops(env: Record<string, string>, timeoutMs = 300_000): Promise<Finished> {
  const { child, finished } = run(process.execPath, COMPILED_SERVER_ARGS, env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await finished;
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the server with env (PORT is required) and resolves once GET /healthz answers. */
export async function spawnServer(env: Record<string, string> & { PORT: string }, readyWithinMs = 300_000, options: RunOptions = {}): Promise<SpawnedServer> {
  const { child, finished, out, err } = run(process.execPath, COMPILED_SERVER_ARGS, env, options);
  const url = `http://127.0.0.1:${env.PORT}`;
  let exited: Finished | null = null;
  void finished.then((result) => {
    exited = result;
  });
  const server: SpawnedServer = {
    url,
    child,
    stdout: () => out.join(''),
    stderr: () => err.join(''),
    finished,
    async stop(signal = 'SIGTERM') {
      if (!exited) child.kill(signal);
      return finished;
    },
    waitForOutput(text) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!out.join('').includes(text)) return false;
          child.stdout?.off('data', check);
          resolve();
          return true;
        };
        if (check()) return;
        child.stdout?.on('data', check);
        void finished.then(() => {
          if (!check()) reject(new Error(`the server exited without writing "${text}"`));
        });
      });
    },
  };
  const started = Date.now();
  while (Date.now() - started < readyWithinMs) {
    if (exited) throw new Error(`the server exited during start-up (code ${String((exited as Finished).code)}): ${server.stderr().trim()}`);
    if (await answersHealthy(url)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /healthz within ${readyWithinMs} ms: ${server.stderr().trim()}`);
}

/**
 * Whether the server answers /healthz with 200, over a connection closed after the answer: fetch
 * would keep its connection open in its pool for a minute, and a server draining for shutdown
 * waits for its open connections to leave (up to SHUTDOWN_DRAIN_MS).
 */
function answersHealthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    get(`${url}/healthz`, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}

/** Runs one of the operator's commands compiled, as `npm run` does once the build is current, and waits for it. */
export async function runScript(
  command: OpsCommand,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
  options: RunOptions = {},
): Promise<Finished> {
  const { child, finished } = run(process.execPath, [COMPILED_OPS, command, ...args], env, options);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await finished;
  } finally {
    clearTimeout(timer);
  }
}

/** Lines a process wrote that are not Node's own process warnings (deprecation notices and the like). */
export function ownLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => !/^\(node:\d+\) \[[A-Z0-9_]+\]/.test(line) && !line.startsWith('(Use `node --trace-warnings'));
}
