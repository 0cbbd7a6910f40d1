import { ConfigError, loadConfig, type Config } from '../config.ts';
import { restrictNewFiles } from '../db/private-folder.ts';

/** A refusal an ops script reports as one line, without a stack trace. */
export class OpsError extends Error {}

/** What an ops command does with the configuration and its arguments: the line it answers. */
export type CliBody = (config: Config, args: string[]) => Promise<string>;

/** Runs an ops command: its result line on stdout, or one line on stderr and exit code 1. */
export function runCli(name: string, body: CliBody, args: string[]): void {
  // What a script writes (a backup, an export, files of the data folder) is owner-only, whatever the umask.
  restrictNewFiles();
  const run = async () => body(loadConfig(), args);
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
