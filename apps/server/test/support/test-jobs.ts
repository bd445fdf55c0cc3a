import type pg from 'pg';
import { defineJob } from '../../src/jobs/queue.ts';

// Jobs that exist only in tests.
declare module '../../src/jobs/queue.ts' {
  interface JobPayloads {
    /** Every minute: writes a row per run into tick_runs (which worker ran which job). */
    'test-tick': Record<string, never>;
    /** Writes its value into job_echo. */
    'test-echo': { value: string };
    /** Takes `ms` milliseconds, then writes its value into job_echo. */
    'test-slow': { ms: number; value: string };
  }
}

export const TEST_TABLES = `
  CREATE TABLE IF NOT EXISTS tick_runs (job_id uuid NOT NULL, worker text NOT NULL, at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS job_echo (job_id uuid NOT NULL, value text NOT NULL, attempt int NOT NULL);
`;

/** The every-minute test schedule, run by `worker` (a name written with each run). */
export function tickJob(pool: pg.Pool, worker: string) {
  return defineJob({
    name: 'test-tick',
    cron: '* * * * *',
    queue: { policy: 'stately', retryLimit: 0 },
    pollingIntervalSeconds: 0.5,
    handle: async (_payload, job) => {
      await pool.query('INSERT INTO tick_runs (job_id, worker) VALUES ($1, $2)', [job.id, worker]);
    },
  });
}

export function echoJobs(pool: pg.Pool) {
  return [
    defineJob({
      name: 'test-echo',
      pollingIntervalSeconds: 0.5,
      handle: async ({ value }, job) => {
        await pool.query('INSERT INTO job_echo (job_id, value, attempt) VALUES ($1, $2, $3)', [
          job.id,
          value,
          job.attempt,
        ]);
      },
    }),
    defineJob({
      name: 'test-slow',
      queue: { retryLimit: 2, retryDelay: 1 },
      pollingIntervalSeconds: 0.5,
      handle: async ({ ms, value }, job) => {
        await new Promise((r) => setTimeout(r, ms));
        await pool.query('INSERT INTO job_echo (job_id, value, attempt) VALUES ($1, $2, $3)', [
          job.id,
          value,
          job.attempt,
        ]);
      },
    }),
  ];
}
