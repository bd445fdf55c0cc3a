// A separate process working on the test schedule, as a second server process would:
// `TICK_DATABASE_URL=… node --import tsx tick-worker.ts <worker name>`. Prints "ready" once its
// worker and the schedule run; stops gracefully on SIGTERM.
import pg from 'pg';
import { JobQueue } from '../../src/jobs/queue.ts';
import { quietLog } from './quiet-log.ts';
import { tickJob } from './test-jobs.ts';

const url = process.env.TICK_DATABASE_URL!;
const worker = process.argv[2]!;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const jobs = new JobQueue({
  url,
  max: 3,
  schedule: true,
  supervise: false,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  log: quietLog,
});
await jobs.start();
await jobs.register([tickJob(pool, worker)]);
console.log('ready');
process.on('SIGTERM', () => {
  void (async () => {
    await jobs.stop(2000);
    await pool.end();
    process.exit(0);
  })();
});
