import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDonationsQuerySchema,
  adminSubscriptionsQuerySchema,
  checkoutSchema,
  grantCreditsSchema,
  planInputSchema,
} from '@candeia/shared/schemas/billing';
import { grantCreditsAsAdmin } from '../credits/index.ts';
import { adminDonations } from '../donations/index.ts';
import {
  billingDetails,
  cancelSubscription,
  checkoutSessionStatus,
  portalSession,
  resumeSubscription,
  startCheckout,
} from './checkout.ts';
import {
  adminPlans,
  adminSubscriptions,
  createPlan,
  markTrialNoticeSeen,
  publicPlans,
  subscriptionState,
  updatePlan,
} from './service.ts';
import { requireAccess } from '../../lib/access.ts';

const idParams = z.strictObject({ id: z.string().min(1).max(200) });
const uuidParams = z.strictObject({ id: z.uuid() });
/** Actions without input: no body, or an empty object; anything else is refused (SECURITY.md 14). */
const noBody = z.strictObject({}).nullish();

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/plans', { config: { access: 'public' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicPlans(deps);
  });

  app.get('/subscription', async (req) => {
    const me = requireAccess(req.actor(), 'subscription.self');
    return subscriptionState(deps, { id: me.userId, role: req.auth?.role ?? null });
  });

  app.get('/billing/subscription', async (req) => billingDetails(deps, req.actor()));

  app.post('/billing/trial-notice/seen', { schema: { body: noBody } }, async (req) =>
    markTrialNoticeSeen(deps, req.actor()),
  );

  app.post(
    '/billing/checkout',
    { schema: { body: checkoutSchema }, config: { rateLimit: { max: 20, windowMs: 60_000 } } },
    async (req) => startCheckout(deps, req.actor(), req.body.planId, req.log),
  );

  app.post('/billing/cancel', { schema: { body: noBody } }, async (req) =>
    cancelSubscription(deps, req.actor(), req.log),
  );

  app.post('/billing/resume', { schema: { body: noBody } }, async (req) =>
    resumeSubscription(deps, req.actor(), req.log),
  );

  app.post('/billing/portal', { schema: { body: noBody } }, async (req) => portalSession(deps, req.actor(), req.log));

  /** Public: the id is an unguessable capability (the success page may be opened signed out). */
  app.get(
    '/billing/checkout-sessions/:id',
    { schema: { params: idParams }, config: { access: 'public' } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return checkoutSessionStatus(deps, req.params.id);
    },
  );
};

/** Registered inside the admin plugin, which makes every route admin-only. */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/plans', async (req) => adminPlans(deps, req.actor()));

  app.post('/plans', { schema: { body: planInputSchema } }, async (req, reply) =>
    reply.status(201).send(await createPlan(deps, req.actor(), req.body)),
  );

  app.put('/plans/:id', { schema: { params: uuidParams, body: planInputSchema } }, async (req) =>
    updatePlan(deps, req.actor(), req.params.id, req.body),
  );

  app.get('/subscriptions', { schema: { querystring: adminSubscriptionsQuerySchema } }, async (req) =>
    adminSubscriptions(deps, req.actor(), req.query),
  );

  app.get('/donations', { schema: { querystring: adminDonationsQuerySchema } }, async (req) =>
    adminDonations(deps, req.actor(), req.query),
  );

  app.post('/credits/grant', { schema: { body: grantCreditsSchema } }, async (req) =>
    grantCreditsAsAdmin(deps, req.actor(), req.body),
  );
};
