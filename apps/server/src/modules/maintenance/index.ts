/** The maintenance module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { maintenanceJobs } from './jobs.ts';
