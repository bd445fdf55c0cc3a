import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearSecurityEventsSchema,
  outboxQuerySchema,
  securityEventsQuerySchema,
  usersQuerySchema,
} from '@candeia/shared/schemas/admin';
import {
  changeRoleSchema,
  memberActionSchema,
  memberParamsSchema,
  suspendAccountSchema,
} from '@candeia/shared/schemas/admin-members';
import { dashboardQuerySchema } from '@candeia/shared/schemas/dashboard';
import { billingAdminRoutes } from '../billing/index.ts';
import { communityModerationRoutes } from '../community/index.ts';
import { alertAdminRoutes } from '../alerts/index.ts';
import { messageAdminRoutes } from '../messages/index.ts';
import { avatarAdminRoutes } from '../avatar/index.ts';
import { counsellorAdminRoutes } from '../consultations/index.ts';
import { contactInboxRoutes } from '../contact/index.ts';
import { contentAdminRoutes } from '../scripture/index.ts';
import { dashboard } from './dashboard.ts';
import * as members from './members.ts';
import * as admin from './service.ts';

/** Every route here is admin-only: the auth hook reads `access: 'admin'` set on the prefix. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'admin' };
  });
  app.get('/dashboard', { schema: { querystring: dashboardQuerySchema } }, async (req) =>
    dashboard(deps, req.actor(), req.query),
  );
  app.get('/security-events', { schema: { querystring: securityEventsQuerySchema } }, async (req) =>
    admin.listSecurityEvents(deps, req.actor(), req.query),
  );
  app.post('/security-events/clear', { schema: { body: clearSecurityEventsSchema } }, async (req) =>
    admin.clearSecurityEvents(deps, req.actor(), req.body),
  );
  app.get('/users', { schema: { querystring: usersQuerySchema } }, async (req) =>
    admin.listUsers(deps, req.actor(), req.query),
  );

  // One member's panel and what the administration does to the account (decision 028).
  const member = { params: memberParamsSchema };
  app.get('/users/:userId', { schema: member }, async (req) =>
    members.memberDetail(deps, req.actor(), req.params.userId),
  );
  app.put('/users/:userId/role', { schema: { ...member, body: changeRoleSchema } }, async (req) =>
    members.changeRole(deps, req.actor(), req.params.userId, req.body),
  );
  app.post('/users/:userId/unlock', { schema: { ...member, body: memberActionSchema } }, async (req) =>
    members.unlockSignIn(deps, req.actor(), req.params.userId, req.body),
  );
  app.post('/users/:userId/verification-mail', { schema: member }, async (req) =>
    members.resendVerification(deps, req.actor(), req.params.userId),
  );
  app.post('/users/:userId/password-reset', { schema: member }, async (req) =>
    members.sendPasswordReset(deps, req.actor(), req.params.userId),
  );
  app.put('/users/:userId/suspension', { schema: { ...member, body: suspendAccountSchema } }, async (req) =>
    members.suspendAccount(deps, req.actor(), req.params.userId, req.body),
  );
  app.delete('/users/:userId/suspension', { schema: member }, async (req) =>
    members.liftSuspension(deps, req.actor(), req.params.userId),
  );
  app.post('/users/:userId/delete', { schema: { ...member, body: memberActionSchema } }, async (req) =>
    members.deleteMember(deps, req.actor(), req.params.userId, req.body),
  );

  await app.register(billingAdminRoutes);
  await app.register(communityModerationRoutes, { prefix: '/community' });
  await app.register(messageAdminRoutes, { prefix: '/messages' });
  await app.register(counsellorAdminRoutes, { prefix: '/counsellors' });
  await app.register(avatarAdminRoutes, { prefix: '/avatar' });
  await app.register(alertAdminRoutes, { prefix: '/alerts' });
  await app.register(contactInboxRoutes, { prefix: '/inbox' });
  await app.register(contentAdminRoutes, { prefix: '/texts' });
  app.get('/outbox', { schema: { querystring: outboxQuerySchema } }, async (req) =>
    admin.listOutbox(deps, req.actor(), req.query),
  );
};
