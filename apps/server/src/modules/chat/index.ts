/** The chat module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { chatEngine, chatRoutes } from './routes.ts';
export { citationsOf, hear, reply, type Heard } from './reply.ts';
export type { ChatEngine, EngineAnswer, GuideChoices, HistoryTurn, Persona } from './engine.ts';
