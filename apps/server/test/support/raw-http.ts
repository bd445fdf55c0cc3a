import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given to a listening server and reads the answer until the server
 * closes the connection: what a client like curl or a scanner sends, with none of the
 * normalising an HTTP client library does (`GET /%`, oversized headers, unknown methods).
 * The request should ask for `Connection: close`.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${timeoutMs} ms: ${Buffer.concat(chunks).toString()}`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may answer and close before it has read everything (413, 431): not a failure.
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') {
        clearTimeout(timer);
        reject(err);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`not an HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]), headers, body: text.slice(end + 4) });
    });
    socket.write(request);
  });
}
