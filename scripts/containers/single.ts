// The image on its own, as docs/deploy.md runs it: `docker run -d -p 3000:3000 -v <volume>:/data <image>`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, signUp } from './api.ts';
import { must, podman, run, waitUntilReady } from './podman.ts';
import type { Checks } from './checks.ts';

const CONTAINER = 'mission-control-test-single';
const SECOND = 'mission-control-test-second';
const VOLUME = 'mission-control-test-data';

function start(image: string, port: number): Promise<string> {
  return podman('run', '-d', '--name', CONTAINER, '-p', `127.0.0.1:${port}:3000`, '-v', `${VOLUME}:/data`, image);
}

/** Stops with SIGTERM (the image's stop signal) and gives the server's exit code: 0 when it stopped cleanly. */
async function stopAndRemove(name: string): Promise<number> {
  await podman('stop', '--time', '30', name);
  const code = Number(await podman('inspect', '--format', '{{.State.ExitCode}}', name));
  await podman('rm', '--volumes', name);
  return code;
}

export async function checkSingleContainer(checks: Checks, image: string, port: number): Promise<void> {
  const url = `http://127.0.0.1:${port}`;
  let person: Awaited<ReturnType<typeof signUp>> | undefined;

  await checks.check('the image starts with no configuration and answers', async () => {
    await start(image, port);
    await waitUntilReady(url);
    const page = await fetch(url);
    if (!page.ok || !(await page.text()).includes('<div id="root"')) throw new Error(`GET / answered ${page.status} without the app`);
    person = await signUp(url);
    const health = await run('podman', ['healthcheck', 'run', CONTAINER]);
    if (health.code !== 0) throw new Error(`its HEALTHCHECK failed: ${health.stdout}${health.stderr}`);
  });

  await checks.check('a second container on the same data volume is refused clearly', async () => {
    const second = await run('podman', ['run', '--name', SECOND, '-v', `${VOLUME}:/data`, image], { timeoutMs: 60_000 });
    await run('podman', ['rm', '--force', '--volumes', '--time', '0', SECOND]);
    const said = second.stderr.trim();
    if (second.code !== 1 || !said.includes('the data folder /data is in use by another container')) {
      throw new Error(`expected exit code 1 and the refusal, got ${second.code}: ${said || second.stdout.slice(-400)}`);
    }
    await waitUntilReady(url, fetch, 5_000);
  });

  await checks.check('the data survives removing and recreating the container (stopped cleanly by SIGTERM), and a backup of the stopped volume', async () => {
    if (!person) throw new Error('no one signed up before');
    const code = await stopAndRemove(CONTAINER);
    if (code !== 0) throw new Error(`the server exited with ${code} on SIGTERM`);
    await backUpVolume(image);
    await start(image, port);
    await waitUntilReady(url);
    const again = await signIn(url, person.email, person.password);
    if (again.id !== person.id) throw new Error('signed in as someone else');
    // The signing key is in the volume too: a token from before still works.
    const before = await again.client.auth.getUser(person.accessToken);
    if (before.error || before.data.user.id !== person.id) throw new Error(`the earlier access token no longer works: ${before.error?.message}`);
  });
}

/** docs/deploy.md's backup of the stopped volume, with the image's own tar: it must hold the database and the key. */
async function backUpVolume(image: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'mission-control-backup-'));
  try {
    await podman(
      'run',
      '--rm',
      '--user',
      'root',
      '-v',
      `${VOLUME}:/data`,
      '-v',
      `${folder}:/backup`,
      '--entrypoint',
      'tar',
      image,
      '-czf',
      '/backup/mission-control-data.tar.gz',
      '-C',
      '/data',
      '.',
    );
    const listed = await must('tar', ['-tzf', join(folder, 'mission-control-data.tar.gz')]);
    for (const file of ['./PG_VERSION', './signing-key.json']) if (!listed.split('\n').includes(file)) throw new Error(`the backup lacks ${file}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function removeSingleContainer(): Promise<void> {
  await run('podman', ['rm', '--force', '--volumes', '--time', '10', CONTAINER]);
  await run('podman', ['rm', '--force', '--volumes', '--time', '0', SECOND]);
  await run('podman', ['volume', 'rm', '--force', VOLUME]);
}
