import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { donationSchema } from '@candeia/shared/schemas/billing';
import { PAYER_COOKIE, payerCookieOptions, payerTokenOf } from '../payments/index.ts';
import { startDonation } from './service.ts';

export const donationRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  app.post(
    '/donations',
    {
      schema: { body: donationSchema },
      config: { access: 'public', rateLimit: { max: 10, windowMs: 60_000 } },
    },
    async (req, reply) => {
      const { payerToken, ...checkout } = await startDonation(
        app.deps,
        req.actor(),
        req.body,
        { token: payerTokenOf(req) },
        req.log,
      );
      // The test checkout's proof that this browser opened the donation (HttpOnly: no script reads it).
      if (payerToken) reply.setCookie(PAYER_COOKIE, payerToken, payerCookieOptions(opts.secureCookies));
      return checkout;
    },
  );
};
