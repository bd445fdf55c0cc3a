import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/**
 * A small fixed-window limiter per route and client IP (req.ip: the socket address, or the
 * forwarded one behind a TRUST_PROXY), for routes that declare `config.rateLimit`; a refusal is a
 * translated 429 with Retry-After. Login has its own limiter in the database (SECURITY.md 5).
 */
export default fp(async (app) => {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = app.deps.clock.now().getTime();
    for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addHook('preHandler', async (req, reply) => {
    const rule = req.routeOptions.config?.rateLimit;
    if (!rule) return;
    const now = app.deps.clock.now().getTime();
    const key = `${req.routeOptions.url}|${req.ip}`;
    const entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      hits.set(key, { count: 1, resetAt: now + rule.windowMs });
      return;
    }
    entry.count += 1;
    if (entry.count > rule.max) {
      reply.header('retry-after', String(Math.max(1, Math.ceil((entry.resetAt - now) / 1000))));
      throw new AppError('RATE_LIMITED');
    }
  });
});
