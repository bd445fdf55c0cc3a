import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESET_CONFIRM_IP_LIMIT,
  SIGNUP_IP_LIMIT,
  VERIFY_EMAIL_IP_LIMIT,
  VERIFY_RESEND_IP_LIMIT,
} from '@candeia/shared/constants';
import {
  changePasswordSchema,
  localeSchema,
  loginSchema,
  profileUpdateSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signUpSchema,
  verifyEmailSchema,
  type SessionInfo,
} from '@candeia/shared/schemas/auth';
import { AppError } from '../../lib/app-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { clearSessionCookie, sessionTimes, setSessionCookie } from '../../lib/session-cookie.ts';
import * as auth from './service.ts';
import { socialRoutes } from './social-routes.ts';
import { resendVerification, verifyEmail } from './verification.ts';

export const authRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  const deps = app.deps;
  const secure = opts.secureCookies;
  await app.register(socialRoutes, { secureCookies: secure });

  const sessionInfo = async (req: FastifyRequest): Promise<SessionInfo> => {
    const user = await auth.getProfile(deps, req.actor());
    const times = sessionTimes(req)!;
    return {
      user,
      idleExpiresAt: auth.idleDeadline(times.lastSeen).toISOString(),
      absoluteExpiresAt: times.expiresAt.toISOString(),
    };
  };

  // The routes that hash a password or check a mailed token are limited per client IP (decision 011).
  app.post(
    '/auth/signup',
    { schema: { body: signUpSchema }, config: { access: 'public', rateLimit: SIGNUP_IP_LIMIT } },
    async (req, reply) => {
      const s = await auth.signUp(deps, req.actor(), req.body);
      setSessionCookie(reply, s.token, secure);
      return reply.status(201).send({ user: s.user });
    },
  );

  app.post('/auth/login', { schema: { body: loginSchema }, config: { access: 'public' } }, async (req, reply) => {
    let s: auth.NewSession;
    try {
      s = await auth.login(deps, req.actor(), req.body);
    } catch (err) {
      if (err instanceof AppError) throw err;
      req.log.error({ error: loggableError(err) }, 'login failed unexpectedly');
      throw new AppError('AUTH_FAILED');
    }
    setSessionCookie(reply, s.token, secure);
    return { user: s.user };
  });

  app.post('/auth/logout', { config: { access: 'public' } }, async (req, reply) => {
    await auth.logout(deps, req.actor());
    clearSessionCookie(reply, secure);
    return { ok: true };
  });

  /** The session check the client runs every minute: does not count as activity. */
  app.get('/auth/session', { config: { touch: false } }, async (req) => sessionInfo(req));

  /** The client reports activity (click, keydown, scroll) since its last check. */
  app.post('/auth/session/refresh', async (req) => sessionInfo(req));

  app.post(
    '/auth/password-reset/request',
    { schema: { body: resetRequestSchema }, config: { access: 'public' } },
    async (req) => auth.requestPasswordReset(deps, req.actor(), req.body.email),
  );

  app.post(
    '/auth/password-reset/confirm',
    { schema: { body: resetConfirmSchema }, config: { access: 'public', rateLimit: RESET_CONFIRM_IP_LIMIT } },
    async (req) => auth.confirmPasswordReset(deps, req.actor(), req.body),
  );

  /** The /verify-email page POSTs the mailed token: the link itself (a GET) changes nothing. */
  app.post(
    '/auth/verify-email',
    { schema: { body: verifyEmailSchema }, config: { access: 'public', rateLimit: VERIFY_EMAIL_IP_LIMIT } },
    async (req) => verifyEmail(deps, req.actor(), req.body.token),
  );

  app.post(
    '/auth/verify-email/resend',
    { schema: { body: z.strictObject({}).nullish() }, config: { rateLimit: VERIFY_RESEND_IP_LIMIT } },
    async (req) => resendVerification(deps, req.actor()),
  );

  app.post('/auth/password', { schema: { body: changePasswordSchema } }, async (req) =>
    auth.changePassword(deps, req.actor(), req.body),
  );

  app.get('/profile', async (req) => auth.getProfile(deps, req.actor()));

  app.put('/profile', { schema: { body: profileUpdateSchema } }, async (req) =>
    auth.updateProfile(deps, req.actor(), req.body),
  );

  app.put('/profile/locale', { schema: { body: z.strictObject({ locale: localeSchema }) } }, async (req) => {
    await auth.setLocale(deps, req.actor(), req.body.locale);
    return { ok: true };
  });
};
