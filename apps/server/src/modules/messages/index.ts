/** The messages module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { messageAdminRoutes, messageRoutes } from './routes.ts';
