/** The alerts module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { alertRoutes, alertAdminRoutes } from './routes.ts';
