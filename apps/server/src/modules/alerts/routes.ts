import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertInputSchema, alertParamsSchema } from '@candeia/shared/schemas/alerts';
import { AppError } from '../../lib/app-error.ts';
import * as alerts from './service.ts';

const noQuery = (query: unknown) => {
  if (Object.keys((query as Record<string, unknown> | undefined) ?? {}).length > 0)
    throw new AppError('VALIDATION_INVALID_FORMAT');
};

/**
 * The banner: `GET /api/alerts` for anyone (a member also gets the members' alerts, less those
 * dismissed), `POST /api/alerts/:id/dismiss` for a signed-in member.
 */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('', { config: { access: 'public', touch: false } }, async (req, reply) => {
    noQuery(req.query);
    // Each reader's own (dismissals), and an incident's banner must show at once: never cached.
    reply.header('cache-control', 'no-store');
    return alerts.current(deps, req.actor());
  });
  app.post(
    '/:id/dismiss',
    { schema: { params: alertParamsSchema }, config: { rateLimit: { max: 60, windowMs: 60_000 } } },
    async (req) => alerts.dismiss(deps, req.actor(), req.params.id),
  );
};

/** The administrator's alerts, under /api/admin/alerts (the admin prefix makes them admin-only). */
export const alertAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('', async (req) => {
    noQuery(req.query);
    return alerts.adminList(deps, req.actor());
  });
  app.post('', { schema: { body: alertInputSchema } }, async (req, reply) =>
    reply.status(201).send(await alerts.create(deps, req.actor(), req.body)),
  );
  app.put('/:id', { schema: { params: alertParamsSchema, body: alertInputSchema } }, async (req) =>
    alerts.update(deps, req.actor(), req.params.id, req.body),
  );
  app.post('/:id/end', { schema: { params: alertParamsSchema } }, async (req) =>
    alerts.endNow(deps, req.actor(), req.params.id),
  );
  app.delete('/:id', { schema: { params: alertParamsSchema } }, async (req) =>
    alerts.remove(deps, req.actor(), req.params.id),
  );
};
