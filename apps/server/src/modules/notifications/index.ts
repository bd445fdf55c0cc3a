/** The notifications module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { notificationRoutes } from './routes.ts';
export { markNoticesRead, notify, wantsEmail, type Notice } from './service.ts';
export { notificationJobs } from './jobs.ts';
export { startDispatch as startNotificationDispatch } from './delivery.ts';
export { pushKeys } from './push.ts';
