import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EventBus, MAX_PAYLOAD_BYTES } from '../src/events/bus.ts';
import { channels, type Channel } from '../src/events/channels.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * The event bus on PostgreSQL LISTEN/NOTIFY (decision 015): two buses on one database stand for
 * two server processes. Runs on the machine's PostgreSQL and, in CI, on the embedded one too.
 */

let t: TestApp;
const buses: EventBus[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await t?.close();
});

let n = 0;
function bus(): { bus: EventBus; name: string } {
  const name = `events-test-${process.pid}-${++n}`;
  const b = new EventBus({
    connection: { connectionString: t.databaseUrl, application_name: name },
    db: t.database.db,
    retryMs: 50,
    maxRetryMs: 200,
  });
  buses.push(b);
  return { bus: b, name };
}

const testChannel: Channel<{ n: number }> = { name: 'events_test', schema: z.object({ n: z.number().int() }) };

/** Resolves with the first `count` notes the handler is given (or fails after 5 s). */
function collect<T>(count: number) {
  const got: T[] = [];
  let resolve!: (v: T[]) => void;
  const all = new Promise<T[]>((r) => (resolve = r));
  const timeout = new Promise<T[]>((_, reject) =>
    setTimeout(() => reject(new Error(`only ${got.length} of ${count} notes: ${JSON.stringify(got)}`)), 5000).unref(),
  );
  return {
    handler: (p: T) => {
      got.push(p);
      if (got.length === count) resolve(got);
    },
    got,
    all: Promise.race([all, timeout]),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the event bus', () => {
  it('a note published by one process reaches every process listening to the channel, itself included', async () => {
    const a = bus().bus;
    const b = bus().bus;
    const onA = collect<{ n: number }>(2);
    const onB = collect<{ n: number }>(2);
    await a.subscribe(testChannel, onA.handler);
    await b.subscribe(testChannel, onB.handler);
    await a.publish(testChannel, { n: 1 });
    await b.publish(testChannel, { n: 2 });
    expect(await onA.all).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await onB.all).toEqual([{ n: 1 }, { n: 2 }]);
    expect(a.connected && b.connected).toBe(true);
  });

  it('channels are apart: a note on one answer’s channel reaches only its followers', async () => {
    const a = bus().bus;
    const b = bus().bus;
    const first = '00000000-0000-4000-8000-000000000001';
    const second = '00000000-0000-4000-8000-000000000002';
    const onFirst = collect<unknown>(1);
    const onSecond: unknown[] = [];
    await b.subscribe(channels.chatAnswer(first), onFirst.handler);
    await b.subscribe(channels.chatAnswer(second), (p) => onSecond.push(p));
    await a.publish(channels.chatAnswer(first), { length: 12, settled: false });
    expect(await onFirst.all).toEqual([{ length: 12, settled: false }]);
    await pause(200);
    expect(onSecond).toEqual([]);
  });

  it('several subscribers in one process share one LISTEN; unsubscribing stops the notes', async () => {
    const { bus: b, name } = bus();
    const one = collect<{ n: number }>(1);
    const two: Array<{ n: number }> = [];
    const leaveOne = await b.subscribe(testChannel, one.handler);
    const leaveTwo = await b.subscribe(testChannel, (p) => two.push(p));
    const [listening] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    );
    expect(listening!.n).toBe(1);
    await b.publish(testChannel, { n: 7 });
    expect(await one.all).toEqual([{ n: 7 }]);
    leaveOne();
    await pause(100);
    expect(two).toEqual([{ n: 7 }]);
    leaveTwo();
    await b.publish(testChannel, { n: 8 });
    await pause(300);
    expect(one.got).toEqual([{ n: 7 }]);
    expect(two).toEqual([{ n: 7 }]);
  });

  it('a note sent in a transaction arrives when it commits, and never when it rolls back', async () => {
    const a = bus().bus;
    const got = collect<{ n: number }>(1);
    await a.subscribe(testChannel, got.handler);
    await t.database.db
      .transaction(async (tx) => {
        await a.publish(testChannel, { n: 1 }, tx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await t.database.db.transaction(async (tx) => {
      await a.publish(testChannel, { n: 2 }, tx);
      await pause(150);
      expect(got.got).toEqual([]);
    });
    expect(await got.all).toEqual([{ n: 2 }]);
  });

  it('payloads are typed and small: a wrong shape or a large note is refused before it is sent', async () => {
    const a = bus().bus;
    await expect(a.publish(testChannel, { n: 'one' } as unknown as { n: number })).rejects.toThrow();
    const big: Channel<{ s: string }> = { name: 'events_test_big', schema: z.object({ s: z.string() }) };
    await expect(a.publish(big, { s: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/too large/);
    await a.publish(big, { s: 'x'.repeat(MAX_PAYLOAD_BYTES - 20) });
  });

  it('a note of the wrong shape from elsewhere is dropped; the next good one still arrives', async () => {
    const a = bus().bus;
    const got = collect<{ n: number }>(1);
    await a.subscribe(testChannel, got.handler);
    await t.query(`SELECT pg_notify('events_test', '{"n":"not a number"}'), pg_notify('events_test', 'not json')`);
    await t.query(`SELECT pg_notify('events_test', '{"n":3}')`);
    expect(await got.all).toEqual([{ n: 3 }]);
  });

  it('reconnects when its connection drops, listens again, and asks its followers to read again', async () => {
    const { bus: b, name } = bus();
    const a = bus().bus;
    const got: Array<{ n: number }> = [];
    let resyncs = 0;
    await b.subscribe(testChannel, (p) => got.push(p), { resync: () => resyncs++ });
    const [killed] = await t.query<{ ok: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    );
    expect(killed!.ok).toBe(true);
    // Back within a few seconds, listening to the same channel.
    const deadline = Date.now() + 5000;
    while (resyncs === 0 && Date.now() < deadline) await pause(25);
    expect(resyncs).toBe(1);
    expect(b.connected).toBe(true);
    await a.publish(testChannel, { n: 42 });
    const until = Date.now() + 5000;
    while (got.length === 0 && Date.now() < until) await pause(25);
    expect(got).toEqual([{ n: 42 }]);
  });

  it('a database that cannot be reached makes subscribe fail, not hang', async () => {
    const dead = new EventBus({
      connection: { connectionString: 'postgres://postgres@127.0.0.1:1/nowhere', connectionTimeoutMillis: 2000 },
      db: t.database.db,
    });
    buses.push(dead);
    await expect(dead.subscribe(testChannel, () => {})).rejects.toThrow();
    expect(dead.connected).toBe(false);
  });
});
