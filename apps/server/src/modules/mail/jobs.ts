import type { Config } from '../../config.ts';
import { defineJob } from '../../jobs/queue.ts';
import type { Mailer } from './service.ts';

/**
 * Mail through SMTP as jobs (decision 014): `mail-send` makes one attempt per job, retried with
 * exponential back-off (MAIL_RETRY_SECONDS, then about twice as long each time, up to
 * MAIL_RETRY_LIMIT retries); after the last, the job goes to `mail-failed`, which marks the mail
 * failed even when the last attempt never finished.
 */
export function mailJobs(mailer: Mailer, config: Config) {
  return [
    defineJob({
      name: 'mail-failed',
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
      handle: ({ mailId }) => mailer.giveUp(mailId),
    }),
    defineJob({
      name: 'mail-send',
      queue: {
        retryLimit: config.MAIL_RETRY_LIMIT,
        retryDelay: config.MAIL_RETRY_SECONDS,
        retryBackoff: true,
        // Longer than the SMTP timeouts: an attempt still running then has lost its worker.
        expireInSeconds: 5 * 60,
        deadLetter: 'mail-failed',
      },
      batchSize: 5,
      handle: ({ mailId }, job) => mailer.deliver(mailId, job),
    }),
  ];
}
