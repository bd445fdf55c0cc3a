import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { start } from '../src/runtime.ts';
import { createTestApp } from './support/app.ts';

describe('the server process and its job queue (runtime.start)', () => {
  it('starts the queue with the server, runs the start-up purge, and stops it before the database', async () => {
    const own = await createTestApp({}, { workers: false });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: own.databaseUrl,
      SEED_DEMO: 'false',
      CONTENT_AUTO_IMPORT: 'false',
    } as NodeJS.ProcessEnv);
    const connections = async () =>
      (
        await own.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'candeia-jobs'`,
          [own.dbName],
        )
      )[0]!.n;
    // The test's own queue (idle) has its connections too.
    const before = await connections();
    const running = await start(config, () => {});
    try {
      const health = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/health`);
      expect(health.status).toBe(200);
      expect(await own.query('SELECT name, cron FROM pgboss.schedule ORDER BY name')).toEqual([
        { name: 'account-export-sweep', cron: '23 * * * *' },
        { name: 'billing-housekeeping', cron: '* * * * *' },
        { name: 'consultation-sweep', cron: '41 * * * *' },
        { name: 'maintenance-purge', cron: '0 * * * *' },
        { name: 'media-sweep', cron: '17 * * * *' },
        { name: 'notification-sweep', cron: '* * * * *' },
        { name: 'rate-limit-sweep', cron: '*/5 * * * *' },
      ]);
      // The queues of the jobs sent on demand exist too (a sacred text's install, asked from the administration).
      expect(
        await own.query(
          `SELECT name FROM pgboss.queue WHERE name IN ('account-erase', 'content-install') ORDER BY name`,
        ),
      ).toEqual([{ name: 'account-erase' }, { name: 'content-install' }]);
      // The purge ran at start-up, once.
      await expect
        .poll(() =>
          own.query(`SELECT state FROM pgboss.job WHERE name = 'maintenance-purge' AND singleton_key = 'start-up'`),
        )
        .toEqual([{ state: 'completed' }]);
      expect(await connections()).toBeGreaterThan(before);
      const stopping = Date.now();
      await running.stop();
      // Nothing was running: the queue stops at once, and its connections are closed.
      expect(Date.now() - stopping).toBeLessThan(3000);
      await expect.poll(connections).toBe(before);
    } finally {
      await running.stop();
      await own.close();
    }
  });
});
