import { defineJob } from '../../jobs/queue.ts';
import { sweepRateLimits } from '../../lib/rate-limit.ts';
import type { Deps } from '../../types.ts';
import { purgeExpired } from './service.ts';

/**
 * purgeExpired at the start of every hour and the rate-limit sweep every five minutes, each in
 * one process whatever their number (decision 014).
 */
export function maintenanceJobs(deps: Deps) {
  return [
    defineJob({
      name: 'maintenance-purge',
      cron: '0 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
      handle: async () => {
        await purgeExpired(deps.db, deps.clock.now());
      },
    }),
    // The counters of ended rate-limit windows (decision 015), every five minutes.
    defineJob({
      name: 'rate-limit-sweep',
      cron: '*/5 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
      handle: async () => {
        await sweepRateLimits(deps.db, deps.clock.now());
      },
    }),
  ];
}
