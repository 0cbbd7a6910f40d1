// `npm run test:containers`: builds the local base images (containers/build-local-bases.sh), the app's
// image from the Containerfile, then checks the image on its own and the compose layout
// (docs/deploy.md#with-containers), and removes everything it started. Where podman cannot run
// containers it says why in one line and does nothing else.
import { freePort } from '../../apps/server/test/free-port.ts';
import { checkLayout, startLayout, stopLayout } from './compose.ts';
import { localImages, must, podman, ROOT, run, whyPodmanCannotRun } from './podman.ts';
import { checkSingleContainer, removeSingleContainer } from './single.ts';
import { Checks, seconds } from './checks.ts';

const APP_IMAGE = 'localhost/mission-control:test';

async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await body();
  console.log(`· ${name} (${seconds(started)})`);
  return result;
}

/** What the runtime image must not hold: build tools, package managers, sources, tests, source maps. */
const FORBIDDEN_FILES: [RegExp, string][] = [
  [/^usr\/local\/(bin|lib\/node_modules)\/(npm|npx|corepack|yarn|yarnpkg)(\/|$)/, 'a package manager'],
  [/^usr\/bin\/(gcc|g\+\+|cc|c\+\+|make|python3?|git)$/, 'a build tool'],
  [/(^|\/)node_modules\/(typescript|esbuild|@esbuild|vite|vitest|tsx|eslint|prettier|@playwright|playwright)\//, 'a build or test package'],
  [/\.(c|m)?js\.map$|\.css\.map$/, 'a source map'],
  [/\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)(e2e|__tests__)\//, 'a test'],
  [/^app\/.*\.tsx?$/, 'a TypeScript source'],
];

async function checkImageFiles(checks: Checks): Promise<void> {
  await checks.check('the runtime image holds no build tools, source maps or tests', async () => {
    const name = 'mission-control-test-files';
    await run('podman', ['rm', '--force', '--volumes', name]);
    await podman('create', '--name', name, APP_IMAGE);
    try {
      const files = (await must('sh', ['-c', `podman export ${name} | tar -t`])).split('\n').map((line) => line.replace(/^\.\//, ''));
      const found = files.flatMap((file) => FORBIDDEN_FILES.filter(([pattern]) => pattern.test(file)).map(([, what]) => `${what}: /${file}`));
      if (found.length > 0) throw new Error(`found ${found.length}, e.g.\n  ${found.slice(0, 10).join('\n  ')}`);
      for (const needed of ['app/dist/server/main.js', 'app/dist/web/index.html', 'app/entrypoint.sh', 'usr/local/bin/node']) {
        if (!files.includes(needed)) throw new Error(`/${needed} is missing`);
      }
    } finally {
      await run('podman', ['rm', '--force', '--volumes', name]);
    }
  });
}

/** The containers, volumes and network the checks start (the images stay, for the next run). */
async function removeWhatItStarted(): Promise<void> {
  await removeSingleContainer();
  await stopLayout();
}

async function main(): Promise<number> {
  const why = whyPodmanCannotRun();
  if (why) {
    console.log(`test:containers: skipped: ${why}`);
    return 0;
  }
  const started = Date.now();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`test:containers: ${signal}, removing what it started`);
      void removeWhatItStarted().finally(() => process.exit(1));
    });
  }
  const images = localImages();
  await step('local base images (containers/build-local-bases.sh; made once, then kept)', () =>
    must(`${ROOT}containers/build-local-bases.sh`, [], { timeoutMs: 1_200_000 }),
  );
  await step(`${APP_IMAGE} from the Containerfile`, () =>
    must('podman', ['build', '--format', 'docker', '--network', 'host', '--build-arg', `NODE_IMAGE=${images.NODE_IMAGE}`, '--tag', APP_IMAGE, '.'], {
      timeoutMs: 1_200_000,
    }),
  );
  const size = Number(await podman('image', 'inspect', '--format', '{{.Size}}', APP_IMAGE));
  console.log(`  image size: ${(size / 1_000_000).toFixed(0)} MB`);

  const checks = new Checks();
  try {
    await checkImageFiles(checks);
    await checkSingleContainer(checks, APP_IMAGE, await freePort());
    await removeSingleContainer();
    const ports = { http: await freePort(), https: await freePort() };
    const layout = await step('compose up -d (two instances, PostgreSQL, Caddy)', () => startLayout(images, APP_IMAGE, ports));
    await checkLayout(checks, layout);
  } catch (error) {
    checks.failed += 1;
    console.log(`✗ ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await step('removed what the test started', removeWhatItStarted);
  }
  console.log(`test:containers: ${checks.passed} passed, ${checks.failed} failed in ${seconds(started)}`);
  return checks.failed === 0 ? 0 : 1;
}

process.exitCode = await main();
