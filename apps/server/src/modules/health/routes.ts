import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ping } from './repository.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { config: { access: 'public', touch: false } }, async (_req, reply) => {
    try {
      await ping(app.deps.db);
      return { status: 'ok', db: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'degraded', db: 'down' });
    }
  });
};
