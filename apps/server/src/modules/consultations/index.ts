/** The consultations module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { consultationJobs } from './jobs.ts';
export { consultationRoutes, counsellorAdminRoutes } from './routes.ts';
export { seedDemoCounsellor } from './demo.ts';
/** A counsellor profile turned on or off inside the caller's transaction (the administration's role change). */
export { activateCounsellor, deactivateCounsellor } from './repository.ts';
export { bookedTogether } from './ties.ts';
