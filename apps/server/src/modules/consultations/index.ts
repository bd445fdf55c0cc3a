/** The consultations module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { consultationJobs } from './jobs.ts';
export { consultationRoutes, counsellorAdminRoutes } from './routes.ts';
export { seedDemoCounsellor } from './demo.ts';
