import fp from 'fastify-plugin';
import { DEFAULT_LOCALE, matchLocale, type Locale } from '@candeia/shared/constants';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../types.ts';

/** The request's language: the app's header, then Accept-Language, then pt-BR. */
export function requestLocale(req: FastifyRequest): Locale {
  return localeFromHeaders(req.headers['x-locale'], req.headers['accept-language']);
}

/** The language named by an x-locale header, then by Accept-Language, then pt-BR. */
export function localeFromHeaders(xLocale: unknown, acceptLanguage: unknown): Locale {
  const explicit = matchLocale(String(xLocale ?? ''));
  if (explicit) return explicit;
  // Accept-Language in order of preference (q-values), the first supported one wins.
  const ranked = String(acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag?.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranked) {
    const m = matchLocale(tag);
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}

/** Where a request keeps its language once read (or once set, as early-errors.ts does). */
const LOCALE = Symbol('locale');
type WithLocale = FastifyRequest & { [LOCALE]?: Locale };

export default fp(async (app) => {
  // Read from the headers the first time something asks: most answers (files, cached chapters,
  // health) never need it.
  app.decorateRequest('locale', {
    getter(this: WithLocale): Locale {
      return (this[LOCALE] ??= requestLocale(this));
    },
    setter(this: WithLocale, locale: Locale) {
      this[LOCALE] = locale;
    },
  });
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
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
});
