// `npm test`: every check, in the order that fails fastest, then one summary line.
// Steps: types, lint, formatting (Prettier), web build (+ its budgets), unit, component and server suites (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set; the live bus on Redis too when TEST_REDIS_URL is set), browser journeys in Chromium.
//
// The checks before the tests (the three TypeScript programs, lint, formatting, the build and its
// budget) each keep one core busy at most, so they run two at a time, each one's output printed
// whole when it ends. The two test suites then run at the same time: the vitest lanes leave about a
// quarter of the two cores idle (tests waiting on timers, sockets and the processes they start),
// which the journeys fill; vitest's output is printed whole when it ends, the journeys' as they
// pass (docs/performance.md#the-test-suite).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

mkdirSync('test-results', { recursive: true });
const VITEST_JSON = 'test-results/vitest.json';
const E2E_JSON = 'test-results/e2e.json';
rmSync(VITEST_JSON, { force: true });
rmSync(E2E_JSON, { force: true });

/** At most this many checks at once: the machines this runs on (CI's too) have two cores. */
const PARALLEL_CHECKS = 2;

// What `npm run typecheck` runs, as three steps: the root program (the web's tests, the journeys,
// benches and scripts, with what they import), the server without DOM and the web without Node.
// The slowest first, so the two lanes end close together.
const checks = [
  { name: 'typecheck (tsconfig.json)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'typecheck (apps/server)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'apps/server/tsconfig.json'] },
  { name: 'bundle budget', command: 'node', args: ['scripts/check-bundle.mjs'], after: 'build' },
  { name: 'typecheck (apps/web)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'apps/web/tsconfig.json'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
];

const vitestRun = {
  name: 'unit, component and server tests',
  command: 'npx',
  args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_JSON}`],
};
const journeysRun = {
  name: 'browser tests',
  command: 'npx',
  args: ['playwright', 'test', '--reporter=list,json'],
  env: { E2E_SKIP_BUILD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: E2E_JSON },
};

const failedSteps = [];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** Runs one step with its output kept, and prints it whole when the step ends. */
function runQuietly(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command, step.args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${step.name} (${seconds(started)}) ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

/** Runs one step with its output printed as it comes. */
function runPrinting(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
    child.on('close', (code) => {
      console.log(`${step.name}: ${seconds(started)}`);
      resolve(code === 0);
    });
  });
}

/** The checks, PARALLEL_CHECKS at a time; a check with `after` waits for that one and is skipped if it failed. */
async function runChecks() {
  const done = new Map();
  const waiting = [...checks];
  const running = new Set();
  while (waiting.length || running.size) {
    const next = waiting.findIndex((step) => !step.after || done.has(step.after));
    if (next >= 0 && running.size < PARALLEL_CHECKS) {
      const [step] = waiting.splice(next, 1);
      const run = (step.after && !done.get(step.after) ? Promise.resolve(false) : runQuietly(step)).then((passed) => {
        done.set(step.name, passed);
        if (!passed) failedSteps.push(step.name);
        running.delete(run);
      });
      running.add(run);
    } else {
      await Promise.race(running);
    }
  }
}

const started = Date.now();
await runChecks();
console.log(`\nchecks: ${seconds(started)}`);
// Without types or a build, the tests would only repeat the same failure.
const stop = failedSteps.some((name) => name.startsWith('typecheck') || name === 'build');
if (!stop) {
  console.log(`\n=== ${journeysRun.name}, and ${vitestRun.name} beside them ===`);
  const [vitestPassed, journeysPassed] = await Promise.all([runQuietly(vitestRun), runPrinting(journeysRun)]);
  if (!vitestPassed) failedSteps.push(vitestRun.name);
  if (!journeysPassed) failedSteps.push(journeysRun.name);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const vitest = readJson(VITEST_JSON);
const e2e = readJson(E2E_JSON);
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

/** Vitest's failed tests: file, name and the first line of the failure; a file that failed outside its tests (a hook, an import) by its own message. */
function vitestFailures(report) {
  return (report?.testResults ?? []).flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    return tests.length === 0 && file.status === 'failed' ? [`${name}: ${firstLine(file.message)}`] : tests;
  });
}

/** Playwright's journeys that failed or passed only on a retry, with the first line of their error. */
function journeyFailures(report) {
  const found = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        found.push(`${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return found;
}

function firstLine(text) {
  // Colour codes make the line unreadable in a plain log.
  return stripVTControlCharacters(text ?? '')
    .trim()
    .split('\n')[0];
}

// CI shows only the end of the output, so the failures are named again here.
const failures = [...vitestFailures(vitest), ...journeyFailures(e2e)];
console.log('');
for (const failure of failures) console.log(`✗ ${failure}`);
console.log(`npm test: ${seconds(started)}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failedSteps.length || failed || passed === 0 ? 1 : 0;
