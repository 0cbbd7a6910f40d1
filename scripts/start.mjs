// `npm start`: build when the sources changed since the last build (or there is none), then run the
// compiled server in this process. A built clone starts without rebuilding.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { builtFingerprint, sourceFingerprint } from './build-fingerprint.mjs';

const SERVER = new URL('../dist/server/main.js', import.meta.url);

if (!existsSync(SERVER) || builtFingerprint() !== sourceFingerprint()) {
  console.log('The sources changed since the last build (or there is none): building first.');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(SERVER.href);
