import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SOCIAL_COOKIE, SOCIAL_IP_LIMIT } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { socialLinkSchema, socialSignUpSchema, socialStartQuerySchema } from '@candeia/shared/schemas/social';
import { AppError } from '../../lib/app-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { publicProviders } from './social-providers.ts';
import * as socialAuth from './social.ts';

const providerParams = z.strictObject({ provider: z.string().max(40) });

/** Refuses a query on a route that takes none (an empty strict schema is not enforced by Fastify). */
function noQuery(query: unknown): void {
  if (Object.keys(query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
}

/** Social sign-in (decision 032): the providers, the round trip, the steps after it, and settings. */
export const socialRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  const deps = app.deps;
  const secure = opts.secureCookies;
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/api/auth' };
  const flowToken = (req: FastifyRequest) => req.cookies[SOCIAL_COOKIE];

  /** A refused sign-in goes back where it started, with a code the page translates. */
  const refused = (req: FastifyRequest, reply: FastifyReply, err: socialAuth.SocialRefusal) => {
    if (err.cause !== undefined)
      req.log.warn({ error: loggableError(err.cause), code: err.code }, 'social sign-in refused');
    reply.clearCookie(SOCIAL_COOKIE, cookieOptions);
    const to =
      err.purpose === 'link' ? paths.settings({ socialError: err.code }) : paths.login({ socialError: err.code });
    return reply.redirect(to, 303);
  };

  app.get('/auth/providers', { config: { access: 'public' } }, async (req) => {
    noQuery(req.query);
    return { providers: publicProviders(deps.config) };
  });

  app.get(
    '/auth/oauth/:provider/start',
    {
      schema: { params: providerParams, querystring: socialStartQuerySchema },
      config: { access: 'public', rateLimit: SOCIAL_IP_LIMIT },
    },
    async (req, reply) => {
      try {
        const { token, url } = await socialAuth.startSocial(
          deps,
          req.actor(),
          req.params.provider,
          req.query.intent ?? 'sign_in',
        );
        reply.setCookie(SOCIAL_COOKIE, token, { ...cookieOptions, maxAge: socialAuth.SOCIAL_START_TTL_MS / 1000 });
        return reply.redirect(url, 303);
      } catch (err) {
        if (err instanceof socialAuth.SocialRefusal) return refused(req, reply, err);
        throw err;
      }
    },
  );

  const callback = async (req: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
    const url = new URL(req.url, deps.config.APP_URL);
    const appleUser = url.searchParams.get('user') ?? undefined;
    url.searchParams.delete('user');
    try {
      const out = await socialAuth.socialCallback(
        deps,
        req.actor(),
        req.params.provider,
        flowToken(req),
        url,
        appleUser,
      );
      if (out.kind !== 'step') reply.clearCookie(SOCIAL_COOKIE, cookieOptions);
      else
        reply.setCookie(SOCIAL_COOKIE, flowToken(req)!, {
          ...cookieOptions,
          maxAge: socialAuth.SOCIAL_STEP_TTL_MS / 1000,
        });
      if (out.kind === 'session') setSessionCookie(reply, out.session.token, secure);
      return reply.redirect(out.next, 303);
    } catch (err) {
      if (err instanceof socialAuth.SocialRefusal) return refused(req, reply, err);
      throw err;
    }
  };

  app.get(
    '/auth/oauth/:provider/callback',
    { schema: { params: providerParams }, config: { access: 'public', rateLimit: SOCIAL_IP_LIMIT } },
    callback,
  );

  // Apple answers by a form POST from its own site: a cross-site POST carries no SameSite=Lax
  // cookie, so it is turned into the same GET on this site (a top-level GET carries it). The POST
  // itself changes nothing, hence its exemption from the same-origin check (plugins/csrf.ts).
  await app.register(async (formPost) => {
    formPost.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    formPost.post(
      '/auth/oauth/:provider/callback',
      { schema: { params: providerParams }, config: { access: 'public', rateLimit: SOCIAL_IP_LIMIT } },
      async (req, reply) => {
        const { provider } = req.params as { provider: string };
        if (!socialAuth.findProvider(deps, provider)?.formPost) throw new AppError('NOT_FOUND');
        const body = (req.body ?? {}) as Record<string, unknown>;
        const q = new URLSearchParams();
        for (const k of ['code', 'state', 'error', 'user', 'iss'])
          if (typeof body[k] === 'string') q.set(k, (body[k] as string).slice(0, 4096));
        return reply.redirect(`/api/auth/oauth/${encodeURIComponent(provider)}/callback?${q}`, 303);
      },
    );
  });

  app.get('/auth/oauth/pending', { config: { access: 'public' } }, async (req) => {
    noQuery(req.query);
    return socialAuth.getPending(deps, flowToken(req));
  });

  app.post(
    '/auth/oauth/signup',
    { schema: { body: socialSignUpSchema }, config: { access: 'public', rateLimit: SOCIAL_IP_LIMIT } },
    async (req, reply) => {
      const s = await socialAuth.completeSocialSignUp(deps, req.actor(), flowToken(req), req.body);
      reply.clearCookie(SOCIAL_COOKIE, cookieOptions);
      setSessionCookie(reply, s.token, secure);
      return reply.status(201).send({ user: s.user });
    },
  );

  app.post(
    '/auth/oauth/link',
    { schema: { body: socialLinkSchema }, config: { access: 'public', rateLimit: SOCIAL_IP_LIMIT } },
    async (req, reply) => {
      const s = await socialAuth.linkByPassword(deps, req.actor(), flowToken(req), req.body.password);
      reply.clearCookie(SOCIAL_COOKIE, cookieOptions);
      setSessionCookie(reply, s.token, secure);
      return { user: s.user };
    },
  );

  app.get('/auth/identities', async (req) => {
    noQuery(req.query);
    return socialAuth.listIdentities(deps, req.actor());
  });

  app.delete('/auth/identities/:provider', { schema: { params: providerParams } }, async (req) =>
    socialAuth.unlinkIdentity(deps, req.actor(), req.params.provider),
  );
};
