import fp from 'fastify-plugin';
import { limit } from '../lib/rate-limit.ts';

/**
 * A fixed-window limit per route and client IP (req.ip: the socket address, or the forwarded one
 * behind a TRUST_PROXY), for routes that declare `config.rateLimit`; a refusal is a translated
 * 429 with Retry-After. The counters live in PostgreSQL, so every server process shares them
 * (decision 015); the job `rate-limit-sweep` deletes the counters of ended windows. Login has its
 * own limiter on its attempts (SECURITY.md 5).
 */
export default fp(async (app) => {
  const { db, clock } = app.deps;
  app.addHook('preHandler', async (req) => {
    const rule = req.routeOptions.config?.rateLimit;
    if (!rule) return;
    await limit(db, `route:${req.routeOptions.url}|${req.ip}`, rule, clock.now());
  });
});
