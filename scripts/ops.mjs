// `npm run organiser|backup|restore|db:export -- …`: the operator's commands
// (apps/server/src/ops/commands.ts). Compiled by the build (dist/server/ops.js), a command starts
// in about a fifth of a second; compiling the sources first takes over a second more, every time.
// So the compiled file runs while it was built from the sources as they are now, and the sources
// run through tsx otherwise (a checkout not built yet, or changed since): a command never runs
// older code than the checkout's, and never waits for a whole build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { builtFingerprint, sourceFingerprint } from './build-fingerprint.mjs';

const COMPILED = new URL('../dist/server/ops.js', import.meta.url);

if (existsSync(COMPILED) && builtFingerprint() === sourceFingerprint()) {
  // It reads the command and its arguments from process.argv, as the sources do.
  await import(COMPILED.href);
} else {
  const source = fileURLToPath(new URL('../apps/server/src/ops/commands.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
