import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { restrictNewFiles } from '../db/private-folder.ts';

/** A refusal an ops script reports as one line, without a stack trace. */
export class OpsError extends Error {}

/** Runs an ops script: its result line on stdout, or one line on stderr and exit code 1. */
export function runCli(name: string, body: (config: Config, args: string[]) => Promise<string>): void {
  // What a script writes (a backup, an export, files of the data folder) is owner-only, whatever the umask.
  restrictNewFiles();
  const run = async () => body(loadConfig(), process.argv.slice(2));
  run().then(
    (message) => {
      console.log(message);
      process.exit(0);
    },
    (error: unknown) => {
      const known = error instanceof OpsError || error instanceof ConfigError;
      const message = error instanceof Error ? error.message : String(error);
      console.error(`${name} failed: ${known ? message : message.split('\n')[0]}`);
      process.exit(1);
    },
  );
}

export function timestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
}

/** True when the module at moduleUrl is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && moduleUrl === pathToFileURL(resolve(script)).href;
}
