/** The mail module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { mailJobs } from './jobs.ts';
export { Mailer } from './service.ts';
