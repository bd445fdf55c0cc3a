/** The account module's public entry (settings and privacy): other modules, app.ts, jobs/ and cli/ import only this file. */
export { accountJobs } from './jobs.ts';
export { accountRoutes } from './routes.ts';
/** Closing an account and erasing it: the member's own request uses these, and so can the administration. */
export { closeAccount, eraseAccount } from './service.ts';
export { USER_REFERENCES, type UserReference } from './references.ts';
