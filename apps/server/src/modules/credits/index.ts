/** The credits module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export * from './service.ts';
export { grantCreditsAsAdmin } from './admin.ts';
export { creditRoutes } from './routes.ts';
