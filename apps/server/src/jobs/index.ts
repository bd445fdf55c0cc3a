import type { FastifyBaseLogger } from 'fastify';
import { accountJobs } from '../modules/account/index.ts';
import { billingJobs } from '../modules/billing/index.ts';
import { consultationJobs } from '../modules/consultations/index.ts';
import { mailJobs } from '../modules/mail/index.ts';
import { maintenanceJobs } from '../modules/maintenance/index.ts';
import { mediaJobs } from '../modules/media/index.ts';
import { notificationJobs, pushKeys, startNotificationDispatch } from '../modules/notifications/index.ts';
import { scriptureJobs } from '../modules/scripture/index.ts';
import type { Deps } from '../types.ts';
import type { AnyJobDefinition, JobQueue } from './queue.ts';

export { JobQueue, defineJob, type JobName, type JobPayloads } from './queue.ts';

/** Every job of the app, each defined by the module that owns the work. */
export function jobDefinitions(deps: Deps, log?: FastifyBaseLogger): AnyJobDefinition[] {
  return [
    ...mailJobs(deps.mailer, deps.config),
    ...billingJobs(deps, log),
    ...maintenanceJobs(deps),
    ...mediaJobs(deps, log),
    ...consultationJobs(deps, log),
    ...accountJobs(deps, log),
    ...notificationJobs(deps, log),
    ...scriptureJobs(deps, log),
  ];
}

/**
 * Starts this process's workers and keeps the schedules in the database current: what the
 * server does once the app is built (runtime.ts), and what tests do on their own database.
 */
export async function startJobs(jobs: JobQueue, deps: Deps, log: FastifyBaseLogger): Promise<void> {
  jobs.useLogger(log);
  await jobs.register(jobDefinitions(deps, log));
  const requeued = await deps.mailer.requeueWithoutJob();
  if (requeued > 0) log.info({ requeued }, 'queued mail without a job was given one');
  // Notices to push or mail get their jobs as soon as they are committed (decision 027); the
  // push keys exist from the first start on.
  await startNotificationDispatch(deps, log);
  await pushKeys(deps.db, deps.clock.now());
}
