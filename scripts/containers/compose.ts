// compose.yaml as docs/deploy.md runs it (`compose up -d`): two instances on one PostgreSQL behind
// Caddy with TLS. The test reaches each instance at its container's address, and the proxy on
// https://localhost:<port>, trusting only the certificate authority Caddy made for it.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMission, fetchTrusting, hasVoted, LiveScreen, signIn, signUp, vote, type Person } from './api.ts';
import { containerAddress, must, PODMAN_ENV, podman, poll, ROOT, run, waitUntilReady } from './podman.ts';
import type { Checks } from './checks.ts';

const PROJECT = 'mission-control-test';
const container = (service: string) => `${PROJECT}_${service}_1`;
/** How many people vote while an instance stops. */
const VOTERS = 40;

export interface Layout {
  proxyUrl: string;
  ca: string;
  a: string;
  b: string;
  /** The Node.js image the app was built on, for docs/deploy.md's `npm run organiser` from a checkout. */
  nodeImage: string;
}

/**
 * A project folder as an operator makes one: compose.yaml and the Caddyfile it mounts, and a .env made
 * from .env.example with this run's values (local images, a new key, free ports).
 */
function projectFolder(values: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'mission-control-compose-'));
  copyFileSync(`${ROOT}compose.yaml`, join(folder, 'compose.yaml'));
  mkdirSync(join(folder, 'containers'));
  copyFileSync(`${ROOT}containers/Caddyfile`, join(folder, 'containers/Caddyfile'));
  const example = readFileSync(`${ROOT}.env.example`, 'utf8').split('\n');
  const lines = example.map((line) => {
    const name = /^#? ?([A-Z_]+)=/.exec(line)?.[1];
    return name && values[name] !== undefined ? `${name}=${values[name]}` : line;
  });
  const missing = Object.keys(values).filter((name) => !lines.some((line) => line.startsWith(`${name}=`)));
  if (missing.length > 0) throw new Error(`.env.example has no line for ${missing.join(', ')}`);
  writeFileSync(join(folder, '.env'), lines.join('\n'), { mode: 0o600 });
  return folder;
}

let project: string | undefined;
/** The app instances' /data (unused on PostgreSQL): anonymous volumes, which `down` leaves behind. */
const anonymousVolumes = new Set<string>();

async function recordAnonymousVolumes(): Promise<void> {
  for (const service of ['app-a', 'app-b']) {
    const mounts = await run('podman', ['inspect', '--format', '{{range .Mounts}}{{.Name}} {{end}}', container(service)]);
    for (const name of mounts.stdout.trim().split(/\s+/)) if (/^[0-9a-f]{64}$/.test(name)) anonymousVolumes.add(name);
  }
}

function compose(...args: string[]): Promise<string> {
  if (!project) throw new Error('no compose project');
  // podman-compose reads .env beside the compose file, as docker compose does; the variables of this
  // process would override it, so they are left out.
  const env = { PATH: process.env.PATH, CONTAINERS_CONF: PODMAN_ENV.CONTAINERS_CONF };
  return must('podman-compose', ['--project-name', PROJECT, '--file', join(project, 'compose.yaml'), ...args], { env, timeoutMs: 300_000 });
}

export async function startLayout(images: Record<string, string>, appImage: string, ports: { http: number; https: number }): Promise<Layout> {
  // The command .env.example gives for a key, run in the image itself.
  const key = await podman('run', '--rm', '--entrypoint', 'node', appImage, '-e', keyCommand());
  project = projectFolder({
    SITE_ADDRESS: 'localhost',
    PUBLIC_URL: `https://localhost:${ports.https}`,
    POSTGRES_PASSWORD: `test-${Date.now().toString(36)}`,
    JWT_PRIVATE_KEY: key,
    APP_IMAGE: appImage,
    POSTGRES_IMAGE: images.POSTGRES_IMAGE ?? '',
    PROXY_IMAGE: images.PROXY_IMAGE ?? '',
    HTTP_PORT: String(ports.http),
    HTTPS_PORT: String(ports.https),
  });
  await compose('up', '-d');
  await recordAnonymousVolumes();
  const proxyUrl = `https://localhost:${ports.https}`;
  const ca = await poll('the proxy’s local certificate authority', async () => {
    const root = await run('podman', ['exec', container('proxy'), 'cat', '/data/caddy/pki/authorities/local/root.crt']);
    return root.code === 0 && root.stdout.includes('BEGIN CERTIFICATE') ? root.stdout : undefined;
  });
  const a = `http://${await containerAddress(container('app-a'))}:3000`;
  const b = `http://${await containerAddress(container('app-b'))}:3000`;
  await Promise.all([waitUntilReady(a), waitUntilReady(b), waitUntilReady(proxyUrl, fetchTrusting(ca))]);
  return { proxyUrl, ca, a, b, nodeImage: images.NODE_IMAGE ?? '' };
}

/** The key generator .env.example gives (`docker run … node … -e "<script>"`), to run as written there. */
function keyCommand(): string {
  const script = /--entrypoint node mission-control -e "(.+)"$/m.exec(readFileSync(`${ROOT}.env.example`, 'utf8'))?.[1];
  if (!script) throw new Error('.env.example no longer shows how to make JWT_PRIVATE_KEY');
  return script;
}

/** docs/deploy.md's command: the checkout's `npm run organiser`, in a Node.js container on the compose network. */
async function organiser(nodeImage: string, ...args: string[]): Promise<string> {
  if (!project) throw new Error('no compose project');
  const databaseUrl = 'DATABASE_URL=postgres://mission_control:$POSTGRES_PASSWORD@postgres:5432/mission_control';
  const command = `${databaseUrl} npm run --silent organiser -- ${args.join(' ')}`;
  return podman(
    'run',
    '--rm',
    '--network',
    `${PROJECT}_default`,
    '--env-file',
    join(project, '.env'),
    '-v',
    `${ROOT}:/src`,
    '-w',
    '/src',
    nodeImage,
    'sh',
    '-c',
    command,
  );
}

export async function checkLayout(checks: Checks, layout: Layout): Promise<void> {
  const { proxyUrl, ca, a, b } = layout;

  await checks.check('compose: `npm run organiser` from a checkout on the compose network makes an organiser', async () => {
    const person = await signUp(proxyUrl, ca);
    await organiser(layout.nodeImage, 'grant', person.email);
    const listed = await organiser(layout.nodeImage, 'list');
    if (!listed.includes(person.email)) throw new Error(`organiser list does not name ${person.email}: ${listed}`);
  });

  await checks.check('compose: sign-up on one instance and sign-in through the proxy reach the same data', async () => {
    const person = await signUp(a);
    const missionId = await createMission(person, 'Compose Check');
    const through = await signIn(proxyUrl, person.email, person.password, ca);
    if (through.id !== person.id) throw new Error('the proxy signed in someone else');
    const { data, error } = await through.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: through.id });
    if (error || data?.mission.mission_id !== missionId) throw new Error(`the mission made on one instance is not seen through the proxy: ${error?.message}`);
  });

  await checks.check('compose: pg_dump in the PostgreSQL container backs up the database while everything runs', async () => {
    const dump = await run('podman', ['exec', container('postgres'), 'pg_dump', '--username=mission_control', '--format=custom', 'mission_control']);
    if (dump.code !== 0 || !dump.stdout.startsWith('PGDMP') || !dump.stdout.includes('mission_members')) {
      throw new Error(`pg_dump failed (${dump.code}): ${dump.stderr.slice(-400)}`);
    }
  });

  await checks.check('compose: a vote through one instance reaches live screens on the other and through the proxy', async () => {
    const owner = await signUp(b);
    const missionId = await createMission(owner, 'Live Across');
    const onB = await LiveScreen.follow(b, owner.accessToken);
    const throughProxy = await LiveScreen.follow(proxyUrl, owner.accessToken, ca);
    try {
      const voter = await signUp(a);
      if (!(await vote(voter, missionId))) throw new Error('the vote on instance A was not acknowledged');
      await Promise.all([onB.waitForVotes(missionId, 1), throughProxy.waitForVotes(missionId, 1)]);
    } finally {
      onB.close();
      throughProxy.close();
    }
  });

  await checks.check('compose: SIGTERM to one instance loses no acknowledged vote while votes flow through the proxy', async () => {
    await votesSurviveAStop(proxyUrl, ca, b);
  });
}

/** Votes go through the proxy; what was acknowledged is then read from instance B, which stayed up. */
async function votesSurviveAStop(proxyUrl: string, ca: string, b: string): Promise<void> {
  const owner = await signUp(proxyUrl, ca);
  const missionId = await createMission(owner, 'Rolling Stop');
  const voters: Person[] = [];
  while (voters.length < VOTERS) voters.push(...(await Promise.all(Array.from({ length: 8 }, () => signUp(proxyUrl, ca)))));

  // Four at a time, one vote each; once a quarter are in, instance A gets SIGTERM while the rest go on.
  const acknowledged: Person[] = [];
  let stopping: Promise<string> | undefined;
  let afterStop = 0;
  let refused = 0;
  const queue = [...voters];
  const worker = async () => {
    for (let person = queue.shift(); person; person = queue.shift()) {
      const voted = await vote(person, missionId).catch(() => false);
      if (voted) acknowledged.push(person);
      else refused += 1;
      if (voted && stopping) afterStop += 1;
      if (!stopping && acknowledged.length >= VOTERS / 4) stopping = podman('stop', '--time', '30', container('app-a'));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await stopping;
  const exitCode = Number(await podman('inspect', '--format', '{{.State.ExitCode}}', container('app-a')));
  if (exitCode !== 0) throw new Error(`instance A exited with ${exitCode} on SIGTERM`);

  const lost = [];
  for (const person of acknowledged) if (!(await hasVoted(b, person, missionId))) lost.push(person.email);
  if (lost.length > 0) throw new Error(`${lost.length} acknowledged vote(s) lost: ${lost.join(', ')}`);
  if (afterStop === 0) throw new Error(`no vote was acknowledged once instance A was stopping (${refused} refused)`);
  console.log(`  ${acknowledged.length} of ${VOTERS} votes acknowledged (${afterStop} once instance A was stopping), ${refused} refused, none lost`);
}

export async function stopLayout(): Promise<void> {
  if (project) {
    await recordAnonymousVolumes();
    await compose('down', '--volumes').catch((error: unknown) => console.log(`  compose down: ${String(error)}`));
    rmSync(project, { recursive: true, force: true });
    project = undefined;
    for (const volume of anonymousVolumes) await run('podman', ['volume', 'rm', '--force', volume]);
    anonymousVolumes.clear();
  }
  // podman-compose 1.0 leaves the named volumes and the network behind.
  for (const volume of ['postgres-data', 'caddy-data', 'caddy-config']) await run('podman', ['volume', 'rm', '--force', `${PROJECT}_${volume}`]);
  await run('podman', ['network', 'rm', '--force', `${PROJECT}_default`]);
}
