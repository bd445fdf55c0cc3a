import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { databaseStatus, HEALTH_MAX_AGE_MS } from '../src/modules/health/routes.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.request({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('asks the database once for a burst of checks, and again once the answer is a second old', async () => {
    const clock = new ManualClock();
    // A pool of its own, to count the queries this check sends.
    const own = createDatabase(t.databaseUrl, 4);
    let queries = 0;
    own.pool.on('acquire', () => queries++);
    try {
      const up = databaseStatus(own.db, clock);
      expect(await Promise.all(Array.from({ length: 50 }, () => up()))).toEqual(Array(50).fill(true));
      expect(await up()).toBe(true);
      expect(queries).toBe(1);
      clock.advance(HEALTH_MAX_AGE_MS - 1);
      expect(await up()).toBe(true);
      expect(queries).toBe(1);
      clock.advance(1);
      expect(await up()).toBe(true);
      expect(queries).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('says the database is down within a second of it going away, and up when it is back', async () => {
    const clock = new ManualClock();
    // A real pool of its own, ended to make "the database does not answer".
    const own = createDatabase(t.databaseUrl, 1);
    const up = databaseStatus(own.db, clock);
    expect(await up()).toBe(true);
    await own.close();
    expect(await up()).toBe(true);
    clock.advance(HEALTH_MAX_AGE_MS);
    expect(await up()).toBe(false);
    const unreachable = createDatabase('postgres://postgres@127.0.0.1:1/none', 1);
    expect(await databaseStatus(unreachable.db, clock)()).toBe(false);
    await unreachable.close().catch(() => undefined);
  });
});
