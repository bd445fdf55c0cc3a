import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { processVideo, sweepStrays } from './service.ts';
import { sweepShares } from './share.ts';

/**
 * Videos transcoded one at a time per process (ffmpeg takes the cores it is given), retried once
 * if storage or the database failed; uploads never posted, deleted with their files a day later,
 * hourly, in one process, with what was shared and never claimed within its hour.
 */
export function mediaJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'media-video',
      batchSize: 1,
      queue: { retryLimit: 1, retryDelay: 30, expireInSeconds: 20 * 60 },
      handle: async ({ mediaId }, job) => processVideo(deps, mediaId, job.lastAttempt, log),
    }),
    defineJob({
      name: 'media-sweep',
      cron: '17 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
      handle: async () => {
        while ((await sweepStrays(deps)) === 500);
        while ((await sweepShares(deps)) === 500);
      },
    }),
  ];
}
