import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, startTestQueue, type TestApp } from './support/app.ts';
import { echoJobs, TEST_TABLES } from './support/test-jobs.ts';

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  await t.query(TEST_TABLES);
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  pool.on('error', () => {});
  await t.jobs.register(echoJobs(pool).filter((d) => d.name === 'test-echo'));
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

const echoes = (value: string) =>
  t.query<{ job_id: string; attempt: number }>('SELECT job_id, attempt FROM job_echo WHERE value = $1', [value]);
const jobState = async (name: string, id: string) =>
  (await t.query<{ state: string }>('SELECT state FROM pgboss.job WHERE name = $1 AND id = $2', [name, id]))[0]?.state;

describe('the job queue', () => {
  it('runs an enqueued job once, in the background', async () => {
    const id = await t.jobs.enqueue('test-echo', { value: 'uma vez' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await t.jobs.settle('test-echo');
    expect(await echoes('uma vez')).toEqual([{ job_id: id, attempt: 1 }]);
    expect(await jobState('test-echo', id!)).toBe('completed');
  });

  it('a job enqueued in a transaction exists only if the transaction commits', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await t.jobs.enqueue('test-echo', { value: 'desfeito' }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const id = await t.database.db.transaction(async (tx) => t.jobs.enqueue('test-echo', { value: 'gravado' }, { tx }));
    t.jobs.wake('test-echo');
    await t.jobs.settle('test-echo');
    expect(await echoes('desfeito')).toEqual([]);
    expect(await t.query(`SELECT id FROM pgboss.job WHERE name = 'test-echo' AND data->>'value' = 'desfeito'`)).toEqual(
      [],
    );
    expect(await echoes('gravado')).toEqual([{ job_id: id, attempt: 1 }]);
  });

  it('a job with the id of an existing one is not created again', async () => {
    const id = '6c1f1d4e-0000-4000-8000-000000000001';
    expect(await t.jobs.enqueue('test-echo', { value: 'mesmo id' }, { id })).toBe(id);
    expect(await t.jobs.enqueue('test-echo', { value: 'mesmo id' }, { id })).toBeNull();
    await t.jobs.settle('test-echo');
    expect(await echoes('mesmo id')).toHaveLength(1);
  });

  it('one job per singleton window: the start-up purge of several processes runs once an hour', async () => {
    const opts = { singletonKey: 'start-up', singletonSeconds: 3600 };
    const first = await t.jobs.enqueue('maintenance-purge', {}, opts);
    const second = await t.jobs.enqueue('maintenance-purge', {}, opts);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await t.jobs.settle('maintenance-purge');
    expect(await jobState('maintenance-purge', first!)).toBe('completed');
  });

  it('registers the app’s queues and schedules: housekeeping every minute, the purge, the media, room and export sweeps every hour, the rate-limit sweep every five minutes, the notification sweep every minute, mail, video transcodes, consultation notices, notifications’ pushes and e-mails, data exports, account erasures and sacred-text installs on demand', async () => {
    const schedules = await t.query<{ name: string; cron: string; timezone: string }>(
      'SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name',
    );
    expect(schedules).toEqual([
      { name: 'account-export-sweep', cron: '23 * * * *', timezone: 'UTC' },
      { name: 'billing-housekeeping', cron: '* * * * *', timezone: 'UTC' },
      { name: 'consultation-sweep', cron: '41 * * * *', timezone: 'UTC' },
      { name: 'maintenance-purge', cron: '0 * * * *', timezone: 'UTC' },
      { name: 'media-sweep', cron: '17 * * * *', timezone: 'UTC' },
      { name: 'notification-sweep', cron: '* * * * *', timezone: 'UTC' },
      { name: 'rate-limit-sweep', cron: '*/5 * * * *', timezone: 'UTC' },
    ]);
    const queues = await t.query<{ name: string; policy: string; retry_limit: number; dead_letter: string | null }>(
      `SELECT name, policy, retry_limit, dead_letter FROM pgboss.queue WHERE name NOT LIKE 'test-%' AND name NOT LIKE '\\_\\_%' ORDER BY name`,
    );
    expect(queues).toEqual([
      { name: 'account-erase', policy: 'standard', retry_limit: 10, dead_letter: null },
      { name: 'account-export', policy: 'standard', retry_limit: 2, dead_letter: null },
      { name: 'account-export-sweep', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'billing-housekeeping', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'consultation-notice', policy: 'standard', retry_limit: 5, dead_letter: null },
      { name: 'consultation-sweep', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'content-install', policy: 'standard', retry_limit: 0, dead_letter: null },
      { name: 'mail-failed', policy: 'standard', retry_limit: 5, dead_letter: null },
      { name: 'mail-send', policy: 'standard', retry_limit: 8, dead_letter: 'mail-failed' },
      { name: 'maintenance-purge', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'media-sweep', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'media-video', policy: 'standard', retry_limit: 1, dead_letter: null },
      { name: 'notification-email', policy: 'standard', retry_limit: 5, dead_letter: null },
      { name: 'notification-push', policy: 'standard', retry_limit: 6, dead_letter: null },
      { name: 'notification-sweep', policy: 'stately', retry_limit: 0, dead_letter: null },
      { name: 'rate-limit-sweep', policy: 'stately', retry_limit: 0, dead_letter: null },
    ]);
  });

  it('a stopping queue lets a running job finish; one still running at the time limit is retried later, not lost', async () => {
    const q = await startTestQueue(t.databaseUrl);
    await q.register(echoJobs(pool));
    const quick = await q.enqueue('test-slow', { ms: 600, value: 'termina' });
    await expect.poll(() => jobState('test-slow', quick!)).toBe('active');
    const started = Date.now();
    await q.stop(5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await echoes('termina')).toHaveLength(1);
    await expect.poll(() => jobState('test-slow', quick!)).toBe('completed');

    const q2 = await startTestQueue(t.databaseUrl);
    await q2.register(echoJobs(pool));
    const slow = await q2.enqueue('test-slow', { ms: 2500, value: 'interrompido' });
    await expect.poll(() => jobState('test-slow', slow!)).toBe('active');
    await q2.stop(1000);
    // Failed by the shutdown, waiting for its retry: another process runs it again.
    expect(await jobState('test-slow', slow!)).toBe('retry');
    const q3 = await startTestQueue(t.databaseUrl);
    try {
      await q3.register(echoJobs(pool));
      await expect
        .poll(async () => (await echoes('interrompido')).map((e) => e.attempt), { timeout: 15_000 })
        .toContain(2);
      await expect.poll(() => jobState('test-slow', slow!)).toBe('completed');
    } finally {
      await q3.stop(5000);
    }
  });
});
