import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { sweepStrays } from './service.ts';

/** Uploads never posted, deleted with their files a day later; hourly, in one process. */
export function mediaJobs(deps: Deps) {
  return [
    defineJob({
      name: 'media-sweep',
      cron: '17 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
      handle: async () => {
        while ((await sweepStrays(deps)) === 500);
      },
    }),
  ];
}
