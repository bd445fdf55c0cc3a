import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ping } from './repository.ts';

/** How long one answer of the database stands for every health check (a balancer asks often). */
export const HEALTH_MAX_AGE_MS = 1000;

/**
 * Whether the database answers, asked at most once per `maxAgeMs`: checks in between get the
 * last answer, and checks that come while a ping is on its way wait for that ping, not a new one.
 * So a burst of checks costs one query, and a database that stops answering shows within a second.
 */
export function databaseStatus(db: Db, clock: Clock, maxAgeMs = HEALTH_MAX_AGE_MS): () => Promise<boolean> {
  let last: { at: number; ok: boolean } | null = null;
  let pending: Promise<boolean> | null = null;
  return () => {
    if (last && clock.now().getTime() - last.at < maxAgeMs) return Promise.resolve(last.ok);
    pending ??= ping(db).then(
      () => settle(true),
      () => settle(false),
    );
    return pending;
  };
  function settle(ok: boolean): boolean {
    last = { at: clock.now().getTime(), ok };
    pending = null;
    return ok;
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const dbUp = databaseStatus(app.deps.db, app.deps.clock);
  app.get('/health', { config: { access: 'public', touch: false } }, async (_req, reply) => {
    if (await dbUp()) return { status: 'ok', db: 'ok' };
    return reply.status(503).send({ status: 'degraded', db: 'down' });
  });
};
