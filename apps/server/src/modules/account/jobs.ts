import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { buildExport } from './export.ts';
import { eraseAccount, sweepExports } from './service.ts';

/**
 * A member's data export, built one at a time per process and retried twice; a deleted account's
 * erasure, retried with back-off until it is done (it is safe to run again); hourly, the exports
 * whose 7 days are over, with their files.
 */
export function accountJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'account-export',
      batchSize: 1,
      queue: { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
      handle: async ({ exportId }, job) => buildExport(deps, exportId, job.lastAttempt, log),
    }),
    defineJob({
      name: 'account-erase',
      batchSize: 1,
      queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 15 * 60 },
      handle: async ({ userId }) => eraseAccount(deps, userId, log),
    }),
    defineJob({
      name: 'account-export-sweep',
      cron: '23 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
      handle: async () => {
        while ((await sweepExports(deps)) === 200);
      },
    }),
  ];
}
