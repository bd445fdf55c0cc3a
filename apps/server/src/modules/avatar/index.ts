/** The avatar module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { avatarAdminRoutes, avatarRoutes } from './routes.ts';
