import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { sendNotice } from './notices.ts';
import { deleteOldSignals } from './room-repository.ts';

/**
 * A booking's mails: confirmed, moved and cancelled at once, reminders at their time (the job's
 * start). Retried with back-off when the mailer fails; a notice already sent is never sent again.
 */
export function consultationJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'consultation-notice',
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
      handle: async (payload) => {
        const outcome = await sendNotice(deps, payload);
        if (outcome !== 'sent') log?.debug({ ...payload, outcome }, 'consultation notice not sent');
      },
    }),
    defineJob({
      name: 'consultation-sweep',
      cron: '41 * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
      handle: async () => {
        await deleteOldSignals(deps.db, new Date(deps.clock.now().getTime() - 86_400_000));
      },
    }),
  ];
}
