import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@candeia/shared/constants';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { clearSessionCookie } from '../lib/session-cookie.ts';
import { resolveSession, touch } from '../modules/auth/index.ts';
import { logSecurityEvent } from '../modules/security/index.ts';

export interface CookieOptions {
  secure: boolean;
}

/**
 * One hook on the whole route tree: resolves the session cookie, then enforces the route's
 * `access` (every /api route needs a session unless marked public; admin routes need the role).
 */
export default fp<CookieOptions>(async (app, opts) => {
  app.addHook('onRequest', async (req, reply) => {
    // Only the API needs the session; static files and the app shell do not.
    if (!isApiRequest(req)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const { session, expired } = await resolveSession(app.deps, token, req.actor());
    if (!session) {
      req.sessionExpired = expired;
      clearSessionCookie(reply, opts.secure);
      return;
    }
    const touchIt = req.routeOptions.config?.touch !== false;
    const lastSeen = touchIt ? await touch(app.deps, session) : session.lastSeenAt;
    req.auth = {
      userId: session.userId,
      email: session.email,
      role: session.role as 'user' | 'admin' | 'counsellor',
      sessionId: session.id,
      firstName: session.firstName,
    };
    (req as { sessionTimes?: unknown }).sessionTimes = { lastSeen, expiresAt: session.expiresAt };
  });

  // Checked in onRequest, before the body is parsed or validated: a caller without the right
  // gets 401/403, never a validation answer, and a denied admin call is always logged.
  app.addHook('onRequest', async (req) => {
    if (!isApiRequest(req)) return;
    const access = req.routeOptions.config?.access ?? 'user';
    if (access === 'public') return;
    if (!req.auth) throw new AppError(req.sessionExpired ? 'AUTH_SESSION_EXPIRED' : 'AUTH_REQUIRED');
    if (access === 'admin' && req.auth.role !== 'admin') {
      await logSecurityEvent(app.deps, req.actor(), {
        type: 'admin_access_denied',
        success: false,
        userId: req.auth.userId,
        email: req.auth.email,
        details: `${req.method} ${req.routeOptions.url ?? ''}`,
      });
      throw new AppError('AUTH_FORBIDDEN');
    }
  });
});

/**
 * True for a request routed to an /api route. The matched route decides, not the raw URL:
 * the router decodes percent-escapes, so `/%61pi/admin/users` reaches `/api/admin/users`.
 */
export function isApiRequest(req: FastifyRequest): boolean {
  return (req.routeOptions.url ?? req.url).startsWith('/api/');
}
