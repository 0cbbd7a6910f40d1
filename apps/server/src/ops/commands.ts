import { backup } from './backup.ts';
import { OpsError, runCli, type CliBody } from './cli.ts';
import { exportDatabase } from './export.ts';
import { organiserCli } from './organiser.ts';
import { restore } from './restore.ts';

/**
 * The operator's commands, by the names `npm run` gives them: `node dist/server/ops.js organiser
 * grant EMAIL` is `npm run organiser -- grant EMAIL`. One entry for all of them, so the build
 * compiles them once beside the server (dist/server/ops.js) and scripts/ops.mjs runs that file
 * instead of compiling the sources at every command.
 */
const COMMANDS: Record<string, CliBody> = { organiser: organiserCli, backup, restore, 'db:export': exportDatabase };

const [name = '', ...args] = process.argv.slice(2);
const command = COMMANDS[name];
const known = Object.keys(COMMANDS).join(', ');
const unknown = () => Promise.reject(new OpsError(name ? `"${name}" is not a command; the commands are ${known}.` : `name a command: ${known}.`));
runCli(command ? name : 'ops', command ?? unknown, args);
