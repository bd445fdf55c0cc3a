/** The auth module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { findUserByEmail, insertUser } from './repository.ts';
export { authRoutes } from './routes.ts';
export { resolveSession, touch } from './service.ts';
/** The administration's requests to the sign-in: unlock, reset and verification links (decision 028). */
export { clearSignInLock, sendResetLink, sendVerificationLink } from './admin-actions.ts';
