import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactSchema,
  inboxHandledSchema,
  inboxParamsSchema,
  inboxQuerySchema,
  inboxReplySchema,
} from '@candeia/shared/schemas/contact';
import { paymentsMode } from '../payments/index.ts';
import * as contact from './service.ts';

/** The name of whoever runs the chat's AI endpoint: as configured, else the endpoint's host; null with the built-in guide. */
function aiProvider(baseUrl: string | undefined, name: string | undefined): string | null {
  if (!baseUrl) return null;
  return name ?? new URL(baseUrl).hostname;
}

/** The footer's contact box: a message kept for the inbox and mailed to the support address. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: { body: contactSchema },
      config: { access: 'public', rateLimit: { max: 5, windowMs: 10 * 60_000 } },
    },
    async (req, reply) => {
      await contact.receiveMessage(app.deps, req.actor(), req.body);
      return reply.status(202).send({ ok: true });
    },
  );

  app.get('/config/public', { config: { access: 'public' } }, async () => ({
    companyName: app.deps.config.COMPANY_NAME,
    companyAddress: app.deps.config.COMPANY_ADDRESS,
    contactEmail: app.deps.config.CONTACT_EMAIL,
    payments: paymentsMode(app.deps.config),
    // Which engine writes the chat's answers: the composer's cost estimate is the built-in guide's.
    chatEngine: app.deps.config.AI_BASE_URL ? 'external' : 'guide',
    // Who receives the chat's messages when another service writes the answers (the privacy policy names it).
    aiProvider: aiProvider(app.deps.config.AI_BASE_URL, app.deps.config.AI_PROVIDER_NAME),
  }));
};

/** The administration's inbox of contact messages (registered under /api/admin/inbox, admins only). */
export const contactInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('', { schema: { querystring: inboxQuerySchema } }, async (req) =>
    contact.listInbox(deps, req.actor(), req.query),
  );
  // Opening a message marks it read: a POST, since GET changes nothing.
  app.post('/:id/read', { schema: { params: inboxParamsSchema } }, async (req) =>
    contact.openMessage(deps, req.actor(), req.params.id),
  );
  app.put('/:id/handled', { schema: { params: inboxParamsSchema, body: inboxHandledSchema } }, async (req) =>
    contact.setHandled(deps, req.actor(), req.params.id, req.body.handled),
  );
  app.post('/:id/replies', { schema: { params: inboxParamsSchema, body: inboxReplySchema } }, async (req, reply) => {
    reply.code(201);
    return contact.reply(deps, req.actor(), req.params.id, req.body.body);
  });
  app.delete('/:id', { schema: { params: inboxParamsSchema } }, async (req, reply) => {
    await contact.removeMessage(deps, req.actor(), req.params.id);
    return reply.code(204).send();
  });
};
