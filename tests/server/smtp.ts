import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP receiver on `port` that records every message. */
export function receiver(port: number) {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString()));
      stream.on('end', () => {
        received.push(text);
        done();
      });
    },
  });
  return {
    received,
    start: () => new Promise<void>((res) => smtp.listen(port, '127.0.0.1', () => res())),
    stop: () => new Promise<void>((res) => smtp.close(() => res())),
  };
}

export async function freePort(): Promise<number> {
  const s = new SMTPServer({ authOptional: true });
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', () => res()));
  const port = (s.server.address() as AddressInfo).port;
  await new Promise<void>((res) => s.close(() => res()));
  return port;
}
