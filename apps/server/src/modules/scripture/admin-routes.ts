import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentRunSchema, contentTextParamsSchema } from '@candeia/shared/schemas/content-admin';
import { listContent, startRun } from './content/admin.ts';

/** The administration's sacred texts (registered under /api/admin/texts, admins only). */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('', async (req) => listContent(deps, req.actor()));
  app.post(
    '/:textId/runs',
    { schema: { params: contentTextParamsSchema, body: contentRunSchema } },
    async (req, reply) => {
      reply.code(202);
      return startRun(deps, req.actor(), req.params.textId, req.body.action);
    },
  );
};
