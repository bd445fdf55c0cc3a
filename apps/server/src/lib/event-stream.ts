import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const PING_MS = 15_000;

/**
 * Sends Server-Sent Events (`event: <type>` / `data: <json>`): `subscribe` is given the way to
 * write an event and to end the stream, and returns how to stop listening (called when the
 * stream closes, the browser gone or the end written). The chat's answers and the avatar's.
 */
export function sendEventStream<E extends { type: string }>(
  reply: FastifyReply,
  subscribe: (write: (event: E) => void, end: () => void) => () => void,
) {
  const stream = new PassThrough();
  const write = (e: E) => {
    if (!stream.writableEnded) stream.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
  };
  const ping = setInterval(() => stream.write(': ping\n\n'), PING_MS);
  ping.unref();
  const leave = subscribe(write, () => stream.end());
  stream.on('close', () => {
    clearInterval(ping);
    leave();
  });
  return reply
    .headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    })
    .send(stream);
}
