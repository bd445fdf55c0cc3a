/** The auth module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { findUserByEmail, insertUser } from './repository.ts';
export { authRoutes } from './routes.ts';
export { resolveSession, touch } from './service.ts';
