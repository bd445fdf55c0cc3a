/** The security module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { logSecurityEvent } from './service.ts';
