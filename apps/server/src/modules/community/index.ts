/** The community module's public entry: other modules, app.ts, jobs/ and cli/ import only this file. */
export { communityRoutes } from './routes.ts';
export { communityModerationRoutes } from './moderation/routes.ts';
export { seedDemoPosts } from './service.ts';
export { blocksBetween, followEachOther, memberMessagesAllowed, setBlockBetween, userIdOfHandle } from './ties.ts';
