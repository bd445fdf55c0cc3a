/** The notifications module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { notificationRoutes } from './routes.ts';
export { notify, type Notice } from './service.ts';
