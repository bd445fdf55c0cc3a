/** The admin module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { adminRoutes } from './routes.ts';
