/** The health module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { healthRoutes } from './routes.ts';
