import { existsSync, readFileSync } from 'node:fs';
import { E2E_PID_FILE } from './env.ts';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(E2E_PID_FILE)) return;
  const pid = Number(readFileSync(E2E_PID_FILE, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
