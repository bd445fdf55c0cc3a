import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { carryOutRun } from './content/admin.ts';

/**
 * An install or re-import of a sacred text asked from the administration: one at a time per
 * process (an import holds a transaction and reads whole files), never retried (the run records
 * the failure, and the administrator starts it again).
 */
export function scriptureJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'content-install',
      batchSize: 1,
      queue: { retryLimit: 0, expireInSeconds: 30 * 60 },
      handle: async ({ runId }) => carryOutRun(deps, runId, log),
    }),
  ];
}
