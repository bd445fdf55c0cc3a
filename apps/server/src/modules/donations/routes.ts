import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { donationSchema } from '@candeia/shared/schemas/billing';
import { startDonation } from './service.ts';

export const donationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/donations',
    {
      schema: { body: donationSchema },
      config: { access: 'public', rateLimit: { max: 10, windowMs: 60_000 } },
    },
    async (req) => startDonation(app.deps, req.actor(), req.body, req.log),
  );
};
