import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './process-harness.ts';

/**
 * Some server suites read the built web app (the HTML shell, its headers and precompressed files),
 * so the lane builds it when a fresh clone has none. An existing build is used as it is: after
 * changing the web app, `npm run build` makes a new one.
 */
export default function buildWebIfMissing(): void {
  if (existsSync(join(repoRoot, 'dist/web/index.html'))) return;
  console.log('No built web app in dist/web: building it once (npx vite build, then compressing assets).');
  execSync('npx vite build --logLevel warn && node scripts/compress-assets.mjs', { cwd: repoRoot, stdio: 'inherit' });
}
