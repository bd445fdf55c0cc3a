import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearSecurityEventsSchema,
  outboxQuerySchema,
  securityEventsQuerySchema,
  usersQuerySchema,
} from '@candeia/shared/schemas/admin';
import { billingAdminRoutes } from '../billing/index.ts';
import { communityModerationRoutes } from '../community/index.ts';
import { avatarAdminRoutes } from '../avatar/index.ts';
import { counsellorAdminRoutes } from '../consultations/index.ts';
import * as admin from './service.ts';

/** Every route here is admin-only: the auth hook reads `access: 'admin'` set on the prefix. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'admin' };
  });
  app.get('/security-events', { schema: { querystring: securityEventsQuerySchema } }, async (req) =>
    admin.listSecurityEvents(app.deps, req.actor(), req.query),
  );
  app.post('/security-events/clear', { schema: { body: clearSecurityEventsSchema } }, async (req) =>
    admin.clearSecurityEvents(app.deps, req.actor(), req.body),
  );
  app.get('/users', { schema: { querystring: usersQuerySchema } }, async (req) =>
    admin.listUsers(app.deps, req.actor(), req.query),
  );
  await app.register(billingAdminRoutes);
  await app.register(communityModerationRoutes, { prefix: '/community' });
  await app.register(counsellorAdminRoutes, { prefix: '/counsellors' });
  await app.register(avatarAdminRoutes, { prefix: '/avatar' });
  app.get('/outbox', { schema: { querystring: outboxQuerySchema } }, async (req) =>
    admin.listOutbox(app.deps, req.actor(), req.query),
  );
};
