import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { billingHousekeeping } from './housekeeping.ts';

/** billingHousekeeping once a minute, in one process whatever their number (decision 014). */
export function billingJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'billing-housekeeping',
      cron: '* * * * *',
      // One waiting and one running at most: a slow run is not stacked up; the next minute's
      // run catches up on what it left.
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
      handle: () => billingHousekeeping(deps, log),
    }),
  ];
}
