/** The contact module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { contactInboxRoutes, contactRoutes } from './routes.ts';
