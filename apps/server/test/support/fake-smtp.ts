import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface FakeSmtp {
  port: number;
  received: ReceivedMail[];
  /** Messages whose end of DATA arrived but which are not answered yet (see hold). */
  waiting(): number;
  /** From now on the end of DATA is answered only at release(): a slow server. */
  hold(): void;
  release(): void;
  /** The next `n` messages are refused with a temporary failure (451) and not recorded. */
  refuse(n: number): void;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on loopback, enough for nodemailer without TLS: it records every
 * message it accepts. Anything it does not understand is answered 502, so a surprise shows.
 * It can be made slow (hold / release) or refuse messages (refuse), to test the delivery queue,
 * and can listen on a given port (one that refused connections while it was down).
 */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  let held: Array<() => void> | null = null;
  let refusals = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    socket.setEncoding('utf8');
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const mail = current;
          current = { from: '', to: [], data: '' };
          const answer = () => {
            if (refusals > 0) {
              refusals -= 1;
              socket.write('451 Try again later\r\n');
              return;
            }
            received.push(mail);
            socket.write('250 OK queued\r\n');
          };
          if (held) held.push(answer);
          else answer();
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line.slice(10).trim();
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8).trim());
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 OK\r\n');
        else socket.write('502 Command not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : port,
    received,
    waiting: () => held?.length ?? 0,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const answers = held ?? [];
      held = null;
      for (const a of answers) a();
    },
    refuse: (n) => {
      refusals = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
