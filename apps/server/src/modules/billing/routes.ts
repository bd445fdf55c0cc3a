import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicPlans, subscriptionState } from './service.ts';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/plans', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicPlans(app.deps);
  });

  app.get('/subscription', async (req) => subscriptionState(app.deps, { id: req.auth!.userId, role: req.auth!.role }));
};
