import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { purgeExpired } from './service.ts';

/** purgeExpired at the start of every hour, in one process whatever their number (decision 014). */
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
  ];
}
