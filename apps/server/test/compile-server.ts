import { execFileSync } from 'node:child_process';
import { repoRoot } from './process-harness.ts';

/**
 * The process tests start the server as `npm start` does, compiled (dist/server/main.js). It is
 * compiled afresh before they run (about a second), so they never test an older build.
 */
export default function compileServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, stdio: 'inherit' });
}
