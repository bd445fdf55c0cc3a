import type { FastifyBaseLogger } from 'fastify';
import { defineJob } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { deliverEmail, deliverPush, sweep } from './delivery.ts';

/**
 * A notification's push and e-mail (decision 027), each a job per delivery, retried with back-off
 * (a push service or the database busy); neither sends twice when run again. The sweep queues the
 * deliveries whose note at commit no process heard, and forgets old ones.
 */
export function notificationJobs(deps: Deps, log?: FastifyBaseLogger) {
  return [
    defineJob({
      name: 'notification-push',
      queue: { retryLimit: 6, retryDelay: 20, retryBackoff: true, expireInSeconds: 5 * 60 },
      batchSize: 5,
      handle: ({ deliveryId }) => deliverPush(deps, deliveryId, log),
    }),
    defineJob({
      name: 'notification-email',
      queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
      batchSize: 5,
      handle: ({ deliveryId }) => deliverEmail(deps, deliveryId),
    }),
    defineJob({
      name: 'notification-sweep',
      cron: '* * * * *',
      queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
      handle: () => sweep(deps),
    }),
  ];
}
