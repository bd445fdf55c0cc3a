import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, matchLocale, type Locale } from '@candeia/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../types.ts';

/** The request's language: the app's header, then Accept-Language, then pt-BR. */
export function requestLocale(req: FastifyRequest): Locale {
  const explicit = matchLocale(String(req.headers['x-locale'] ?? ''));
  if (explicit) return explicit;
  const accept = String(req.headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const m = matchLocale(part.split(';')[0]?.trim());
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}

export default fp(async (app) => {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    return {
      userId: this.auth?.userId ?? null,
      email: this.auth?.email ?? null,
      role: this.auth?.role ?? null,
      sessionId: this.auth?.sessionId ?? null,
      ip: this.ip || 'unknown',
      userAgent: (this.headers['user-agent'] as string | undefined) ?? null,
      locale: this.locale,
    };
  });
  app.addHook('onRequest', async (req, reply) => {
    req.locale = requestLocale(req);
    reply.header('x-request-id', req.id);
  });
});
