import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { handleParamsSchema } from '@candeia/shared/schemas/community';
import {
  moderateCommentSchema,
  moderatePostSchema,
  moderationIdParamsSchema,
  moderationLogQuerySchema,
  moderationSettingsSchema,
  suspendSchema,
} from '@candeia/shared/schemas/moderation';
import * as moderation from './service.ts';

/**
 * The community's moderation: registered inside the admin plugin under /community, which makes
 * every route admin-only (/api/admin/community/…); each service takes the acting admin.
 */
export const communityModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/queue', async (req) => moderation.queue(deps, req.actor()));
  app.post(
    '/posts/:id/moderate',
    { schema: { params: moderationIdParamsSchema, body: moderatePostSchema } },
    async (req, reply) => {
      await moderation.moderatePost(deps, req.actor(), req.params.id, req.body);
      return reply.status(204).send();
    },
  );
  app.post(
    '/comments/:id/moderate',
    { schema: { params: moderationIdParamsSchema, body: moderateCommentSchema } },
    async (req, reply) => {
      await moderation.moderateComment(deps, req.actor(), req.params.id, req.body);
      return reply.status(204).send();
    },
  );
  app.get('/suspensions', async (req) => moderation.suspensions(deps, req.actor()));
  app.put('/members/:handle/suspension', { schema: { params: handleParamsSchema, body: suspendSchema } }, async (req) =>
    moderation.suspend(deps, req.actor(), req.params.handle, req.body),
  );
  app.delete('/members/:handle/suspension', { schema: { params: handleParamsSchema } }, async (req, reply) => {
    await moderation.unsuspend(deps, req.actor(), req.params.handle);
    return reply.status(204).send();
  });
  app.get('/log', { schema: { querystring: moderationLogQuerySchema } }, async (req) =>
    moderation.log(deps, req.actor(), req.query),
  );
  app.get('/settings', async (req) => moderation.settings(deps, req.actor()));
  app.put('/settings', { schema: { body: moderationSettingsSchema } }, async (req) =>
    moderation.saveSettings(deps, req.actor(), req.body),
  );
};
