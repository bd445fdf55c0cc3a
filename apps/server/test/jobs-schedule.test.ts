import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../src/jobs/index.ts';
import type { AnyJobDefinition, JobQueue } from '../src/jobs/queue.ts';
import { createTestApp, startTestQueue, type TestApp } from './support/app.ts';
import { TEST_TABLES, tickJob } from './support/test-jobs.ts';

/**
 * Cron schedules have a resolution of one minute, so this file takes one to two minutes of real
 * time: four workers (two queues in this process, two other node processes) share one database
 * across at least one minute boundary.
 */
const WORKER_SCRIPT = fileURLToPath(new URL('./support/tick-worker.ts', import.meta.url));
const minuteOf = (ms: number) => Math.floor(ms / 60_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  // The app's own queue works on nothing here: the workers below are the ones counted.
  t = await createTestApp({}, { workers: false });
  await t.query(TEST_TABLES);
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool.end();
  await t.close();
});

/** Starts a worker process; resolves once its queue works and sends the schedules. */
async function startWorkerProcess(name: string): Promise<ChildProcess> {
  // The URL (with the embedded server's password, if any) in the environment, not the arguments.
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, name], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, TICK_DATABASE_URL: t.databaseUrl },
  });
  await new Promise<void>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => line === 'ready' && resolve());
    child.once('exit', (code) => reject(new Error(`worker ${name} exited with ${code}`)));
  });
  return child;
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe('scheduled jobs with several processes', () => {
  it('each runs exactly once per period, whichever worker takes it', { timeout: 180_000 }, async () => {
    // Start early enough in a minute that this minute's run is certain to be sent.
    if (new Date().getSeconds() > 45) await sleep((61 - new Date().getSeconds()) * 1000);
    const runs: Record<string, string[]> = {};
    const counted = (defs: AnyJobDefinition[], worker: string) =>
      defs.map(
        (def) =>
          ({
            ...def,
            pollingIntervalSeconds: 0.5,
            handle: async (payload: never, job: { id: string }) => {
              (runs[def.name] ??= []).push(`${worker}:${job.id}`);
              await (def.handle as (p: never, j: unknown) => Promise<void>)(payload, job);
            },
          }) as AnyJobDefinition,
      );
    const startedAt = Date.now();
    const queues: JobQueue[] = [];
    const children: ChildProcess[] = [];
    try {
      // Two queues here: the app's own jobs (billing housekeeping, purge…) and the test schedule.
      for (const worker of ['a', 'b']) {
        const q = await startTestQueue(t.databaseUrl, {
          schedule: true,
          cronMonitorIntervalSeconds: 1,
          cronWorkerIntervalSeconds: 1,
        });
        queues.push(q);
        await q.register([...counted(jobDefinitions(t.app.deps), worker), tickJob(pool, worker)]);
      }
      // Two more processes, with the test schedule only.
      children.push(await startWorkerProcess('c'), await startWorkerProcess('d'));

      // Past the next minute boundary, until that minute's runs are done.
      const firstMinute = minuteOf(startedAt);
      while (minuteOf(Date.now()) === firstMinute || new Date().getSeconds() < 12) await sleep(500);
    } finally {
      await Promise.all(children.map(stopProcess));
      for (const q of queues) await q.stop(5000);
    }
    const stoppedAt = Date.now();
    const minutes = minuteOf(stoppedAt) - minuteOf(startedAt) + 1;
    expect(minutes).toBeGreaterThanOrEqual(2);

    // The test schedule: one run per minute, each of a different job, by any of the four workers.
    const ticks = await t.query<{ job_id: string; worker: string }>('SELECT job_id, worker FROM tick_runs');
    expect(ticks).toHaveLength(minutes);
    expect(new Set(ticks.map((r) => r.job_id)).size).toBe(minutes);
    const tickJobs = await t.query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = 'test-tick'`);
    expect(tickJobs.map((j) => j.state)).toEqual(Array(minutes).fill('completed'));

    // Billing housekeeping: once a minute too, by one of the two queues.
    const housekeeping = runs['billing-housekeeping'] ?? [];
    expect(housekeeping).toHaveLength(minutes);
    expect(new Set(housekeeping.map((r) => r.split(':')[1])).size).toBe(minutes);
    const billingJobs = await t.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'billing-housekeeping'`,
    );
    expect(billingJobs.map((j) => j.state)).toEqual(Array(minutes).fill('completed'));

    // The purge: once for each start of an hour in the window (usually none).
    let hourStarts = 0;
    for (let m = minuteOf(startedAt); m <= minuteOf(stoppedAt); m++) if (m % 60 === 0) hourStarts++;
    expect(runs['maintenance-purge'] ?? []).toHaveLength(hourStarts);
  });
});
