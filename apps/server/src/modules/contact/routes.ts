import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '@candeia/shared/schemas/contact';
import { translate } from '@candeia/shared/i18n/server';
import { DEFAULT_LOCALE } from '@candeia/shared/constants';
import { paymentsMode } from '../payments/index.ts';

/** The footer's contact box: a message to the support address (in the outbox without SMTP). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      schema: { body: contactSchema },
      config: { access: 'public', rateLimit: { max: 5, windowMs: 10 * 60_000 } },
    },
    async (req, reply) => {
      const { name, email, message } = req.body;
      const { config, mailer } = app.deps;
      const to = config.ADMIN_EMAILS[0] ?? config.CONTACT_EMAIL;
      await mailer.send({
        to,
        replyTo: email,
        kind: 'contact',
        subject: translate(DEFAULT_LOCALE, 'mail:contact.subject', { name }),
        text: translate(DEFAULT_LOCALE, 'mail:contact.body', { name, email, message }),
      });
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
  }));
};
