import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DELETE_REQUEST_LIMIT,
  EXPORT_IP_LIMIT,
  accountExportParamsSchema,
  accountSessionParamsSchema,
  deleteAccountSchema,
} from '@candeia/shared/schemas/account';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import {
  deleteOwnAccount,
  exportState,
  listSessions,
  openExport,
  requestExport,
  revokeOtherSessions,
  revokeSession,
} from './service.ts';

const noBody = z.strictObject({}).nullish();

/** Settings and privacy (decision 026): the member's sessions, data export and account deletion. */
export const accountRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  const deps = app.deps;

  app.get('/sessions', async (req) => listSessions(deps, req.actor()));
  app.delete('/sessions/:sessionId', { schema: { params: accountSessionParamsSchema } }, async (req) =>
    revokeSession(deps, req.actor(), req.params.sessionId),
  );
  app.post('/sessions/revoke-others', { schema: { body: noBody } }, async (req) =>
    revokeOtherSessions(deps, req.actor()),
  );

  app.get('/export', async (req) => exportState(deps, req.actor()));
  app.post('/export', { schema: { body: noBody }, config: { rateLimit: EXPORT_IP_LIMIT } }, async (req, reply) => {
    reply.code(202);
    return requestExport(deps, req.actor());
  });
  app.get('/exports/:exportId/download', { schema: { params: accountExportParamsSchema } }, async (req, reply) => {
    const { file, filename } = await openExport(deps, req.actor(), req.params.exportId);
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      })
      .send(file.body);
  });

  app.post(
    '/delete',
    { schema: { body: deleteAccountSchema }, config: { rateLimit: DELETE_REQUEST_LIMIT } },
    async (req, reply) => {
      await deleteOwnAccount(deps, req.actor(), req.body);
      clearSessionCookie(reply, opts.secureCookies);
      return { deleted: true as const };
    },
  );
};
