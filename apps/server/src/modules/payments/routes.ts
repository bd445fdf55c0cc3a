import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localPaySchema } from '@candeia/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import { localPay, payerTokenOf } from './local-provider.ts';
import { handleWebhook } from './webhook.ts';

/**
 * POST /api/billing/local/pay: the payment test page's form (local provider only). Public, so
 * that a signed-out donor can pay; who may pay is checked against the checkout (localPay).
 */
export const localPayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/billing/local/pay',
    {
      schema: { body: localPaySchema },
      config: { access: 'public', rateLimit: { max: 20, windowMs: 60_000 } },
    },
    async (req) =>
      localPay(
        app.deps,
        req.body,
        { userId: req.auth?.userId ?? null, sessionExpired: req.sessionExpired, payerToken: payerTokenOf(req) },
        req.log,
      ),
  );
};

/**
 * POST /api/webhooks/stripe: server to server, authenticated by the Stripe-Signature header
 * over the exact bytes received (so this context keeps JSON bodies raw). Exempt from the
 * same-origin check (plugins/csrf.ts), public, and 1 MB at most.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post('/webhooks/stripe', { config: { access: 'public' }, bodyLimit: 1024 * 1024 }, async (req) => {
    const signature = req.headers['stripe-signature'];
    if (!Buffer.isBuffer(req.body)) throw new AppError('WEBHOOK_INVALID');
    return handleWebhook(
      app.deps,
      req.actor(),
      req.body,
      typeof signature === 'string' ? signature : undefined,
      req.log,
    );
  });
};
