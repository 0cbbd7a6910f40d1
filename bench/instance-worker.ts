import { loadConfig } from '../apps/server/src/config.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import type { InstanceCommand, InstanceReply } from './instance-types.ts';

/**
 * A second server instance in a process of its own (bench/two-instances.ts), as a second machine
 * behind a load balancer would run it: its own event loop, the same database and signing key.
 */
let server: RunningServer | undefined;

function reply(message: InstanceReply): void {
  process.send?.(message);
}

process.on('message', (command: InstanceCommand) => {
  const run = async (): Promise<void> => {
    if (command.kind === 'start') {
      server = await startServer(loadConfig(command.env));
      reply({ kind: 'started', url: server.url });
    } else if (command.kind === 'cpu') {
      const used = process.cpuUsage();
      reply({ kind: 'cpu', ms: (used.user + used.system) / 1000 });
    } else {
      await server?.close();
      process.disconnect?.();
    }
  };
  run().catch((error: unknown) => reply({ kind: 'failed', error: error instanceof Error ? error.message : String(error) }));
});
