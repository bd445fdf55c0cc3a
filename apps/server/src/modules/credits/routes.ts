import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LEDGER_PAGE_SIZE, ledgerQuerySchema } from '@candeia/shared/schemas/billing';
import { balance, ledgerPage } from './service.ts';
import { requireAccess } from '../../lib/access.ts';

/** The signed-in user's own credits; there is no way to name another user here. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/credits', async (req) => ({
    balance: await balance(app.deps.db, requireAccess(req.actor(), 'subscription.self').userId),
  }));

  app.get('/credits/ledger', { schema: { querystring: ledgerQuerySchema } }, async (req) =>
    ledgerPage(app.deps.db, requireAccess(req.actor(), 'subscription.self').userId, req.query.page, LEDGER_PAGE_SIZE),
  );
};
