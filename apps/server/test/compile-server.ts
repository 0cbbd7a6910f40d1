import { execFileSync } from 'node:child_process';
import { builtFingerprint, sourceFingerprint } from '../../../scripts/build-fingerprint.mjs';
import { repoRoot } from './process-harness.ts';

/**
 * The process tests start the server as `npm start` does, compiled (dist/server/main.js), and the
 * operator's commands as `npm run organiser` and the others do (dist/server/ops.js). They are
 * compiled afresh before they run (a few seconds of CPU, with the new-database image beside it), so
 * they never test an older build; unless `npm run build` made it from the sources as they are now
 * (its fingerprint says so), as in `npm test`, which builds just before the tests.
 */
export default function compileServer(): void {
  if (builtFingerprint() === sourceFingerprint()) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}
