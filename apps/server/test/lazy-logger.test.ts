import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from '../src/lib/lazy-logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const parent = pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger;
  let children = 0;
  // pino children inherit from their parent, so the counter must call the original on `this`.
  const realChild = parent.child;
  parent.child = function (this: FastifyBaseLogger, b: Record<string, unknown>, o?: object) {
    children++;
    return realChild.call(this, b, o);
  } as FastifyBaseLogger['child'];
  return { lines, parent, children: () => children };
}

describe('the lazy request logger', () => {
  it('makes the pino child only on the first log line, which still carries the request id', async () => {
    const { lines, parent, children } = capture();
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-1' }, {});
    expect(log.level).toBe('info');
    expect(children()).toBe(0);
    log.debug('below the level');
    log.warn({ code: 'X' }, 'something');
    log.error('again');
    expect(children()).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['req-1', 'something'],
      ['req-1', 'again'],
    ]);
    expect(lines[0]!.code).toBe('X');
  });

  it('a grandchild keeps both bindings', async () => {
    const { lines, parent } = capture();
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-2' }, {});
    log.child({ area: 'billing' }).info('hello');
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ reqId: 'req-2', area: 'billing', msg: 'hello' });
  });
});
