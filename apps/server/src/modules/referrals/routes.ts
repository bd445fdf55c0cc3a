import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralOverview } from './service.ts';

export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/referrals', async (req) => referralOverview(app.deps, req.actor()));
};
