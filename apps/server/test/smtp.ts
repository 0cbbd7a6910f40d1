import { createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal SMTP server for tests (RFC 5321's plain dialogue, no TLS, no auth): it keeps every
 * message it accepts, raw, headers and all, and can refuse the next messages with a temporary
 * error, as a busy mail server would.
 */
export class TestSmtpServer {
  readonly messages: string[] = [];
  /** Every envelope recipient (RCPT TO) of every accepted message, in order. */
  readonly recipients: string[] = [];
  /** How many of the next messages to refuse with 451. */
  refuseNext = 0;
  private readonly server: Server = createServer((socket) => this.accept(socket));
  private readonly sockets = new Set<Socket>();

  static async start(): Promise<TestSmtpServer> {
    const smtp = new TestSmtpServer();
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    return smtp;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data = '';
    let envelope: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 test.smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (this.refuseNext > 0) {
            this.refuseNext -= 1;
            reply('451 4.3.0 try again later');
          } else {
            this.messages.push(data.replace(/\r\n\.\./g, '\r\n.'));
            this.recipients.push(...envelope);
            reply('250 2.0.0 queued');
          }
          data = '';
          envelope = [];
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp');
        else if (verb === 'RCPT') {
          envelope.push(/<(.*)>/.exec(line)?.[1] ?? line);
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  }
}
