/** The chat module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { chatRoutes } from './routes.ts';
