import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A benchmark helper in a process of its own, so that what it does (open connections, vote, read)
 * never shares the server's event loop: each command gets one reply, of the kind asked for or
 * `{ kind: 'failed', error }`.
 */
export class HelperProcess<Command extends object, Reply extends { kind: string }> {
  private readonly child: ChildProcess;
  private pending: ((reply: Reply) => void) | null = null;

  constructor(
    worker: URL,
    private readonly endCommand: Command,
  ) {
    this.child = fork(fileURLToPath(worker), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.child.on('message', (reply: Reply) => {
      const resolve = this.pending;
      this.pending = null;
      resolve?.(reply);
    });
  }

  ask<K extends Reply['kind']>(command: Command, kind: K): Promise<Extract<Reply, { kind: K }>> {
    return new Promise((resolve, reject) => {
      this.pending = (reply) => {
        if (reply.kind === kind) resolve(reply as Extract<Reply, { kind: K }>);
        else reject(new Error('error' in reply && typeof reply.error === 'string' ? reply.error : `expected ${kind}, got ${reply.kind}`));
      };
      this.child.send(command);
    });
  }

  end(): void {
    if (this.child.connected) this.child.send(this.endCommand);
    else this.child.kill();
  }
}
