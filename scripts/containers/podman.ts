// Running podman (and the compose file through podman-compose) for `npm run test:containers`.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** runc, and no default resource limits (the CI sandbox refuses to set them): containers/containers.conf. */
export const PODMAN_ENV = { ...process.env, CONTAINERS_CONF: `${ROOT}containers/containers.conf` };

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (or kills it after timeoutMs) and gives its exit code and output. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; input?: string } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: options.env ?? PODMAN_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

/** Runs a command that must succeed; its standard output, trimmed. */
export async function must(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  const outcome = await run(command, args, options);
  if (outcome.code !== 0) {
    const output = `${outcome.stderr}\n${outcome.stdout}`.trim().split('\n').slice(-20).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (exit code ${outcome.code}):\n${output}`);
  }
  return outcome.stdout.trim();
}

export function podman(...args: string[]): Promise<string> {
  return must('podman', args);
}

/** Why podman cannot run containers here, or undefined when it can. */
export function whyPodmanCannotRun(): string | undefined {
  if (process.platform !== 'linux') return 'podman containers need Linux';
  if (process.getuid?.() !== 0) return 'the local base images are made with debootstrap, which needs root';
  for (const tool of ['podman', 'podman-compose', 'debootstrap', 'runc']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
      return `${tool} is not installed (apt-get install podman podman-compose runc debootstrap)`;
    }
  }
  const info = spawnSync('podman', ['info'], { env: PODMAN_ENV, encoding: 'utf8' });
  if (info.status !== 0) return `podman info failed: ${(info.stderr || info.stdout).trim().split('\n').pop() ?? ''}`;
  return undefined;
}

/** The names of containers/local-images.env. */
export function localImages(): Record<string, string> {
  const lines = readFileSync(`${ROOT}containers/local-images.env`, 'utf8').split('\n');
  const entries = lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split('=', 2) as [string, string]);
  return Object.fromEntries(entries);
}

export async function containerAddress(name: string): Promise<string> {
  const address = await podman('inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', name);
  if (!address) throw new Error(`${name} has no address`);
  return address;
}

/** Asks until `probe` resolves to a value (not undefined), or fails after timeoutMs with what was last seen. */
export async function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (last: ${last})` : ''}`);
    // Between two questions to something that is on its way (a server starting), not a wait for a result.
    await delay(250);
  }
}

/** Resolves once GET url/readyz answers 200. */
export function waitUntilReady(url: string, fetchFn: typeof fetch = fetch, timeoutMs = 90_000): Promise<true> {
  return poll(`${url}/readyz`, async () => ((await fetchFn(`${url}/readyz`)).ok ? true : undefined), timeoutMs);
}
