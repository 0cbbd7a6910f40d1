// `npm test`: every check, in the order that fails fastest, then one summary line.
// Steps: types, lint, formatting (Prettier), web build (+ its budgets), unit, component and server suites (PGlite, and PostgreSQL
// when TEST_DATABASE_URL is set), browser journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const VITEST_JSON = 'test-results/vitest.json';
const E2E_JSON = 'test-results/e2e.json';
rmSync(VITEST_JSON, { force: true });
rmSync(E2E_JSON, { force: true });

const steps = [
  // Three programs: everything together, then the server without DOM and the web without Node.
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'bundle budget', command: 'node', args: ['scripts/check-bundle.mjs'] },
  { name: 'unit, component and server tests', command: 'npx', args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${VITEST_JSON}`] },
  {
    name: 'browser tests',
    command: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    env: { E2E_SKIP_BUILD: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: E2E_JSON },
  },
];

const failedSteps = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const result = spawnSync(step.command, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (result.status !== 0) failedSteps.push(step.name);
  // Without types, lint or a build, later steps would only repeat the same failure.
  if (result.status !== 0 && ['typecheck', 'build'].includes(step.name)) break;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

const vitest = readJson(VITEST_JSON);
const e2e = readJson(E2E_JSON);
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = failedSteps.length || failed || passed === 0 ? 1 : 0;
