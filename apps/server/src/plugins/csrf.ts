import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { logSecurityEvent } from '../modules/security/index.ts';
import { isApiRequest } from './auth.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes a browser never calls: server-to-server, each authenticated by its own signature over
 * the raw body (Stripe's webhook). They need no Origin; nothing else is exempt.
 */
export const CSRF_EXEMPT = new Set([
  'POST /api/webhooks/stripe',
  // Apple's form POST back from its own site: it only turns into a GET (auth/social-routes.ts).
  'POST /api/auth/oauth/:provider/callback',
]);

/**
 * State-changing requests must come from our own origin (SECURITY.md 12): a browser's
 * Sec-Fetch-Site, when sent, must be same-origin, and Origin (required) must be APP_URL's origin
 * exactly: scheme, host and port. The Host header is never trusted for this (a client sets it),
 * so a server reached under another name needs APP_URL set to that name.
 */
export default fp<{ appUrl: string }>(async (app, opts) => {
  const appOrigin = new URL(opts.appUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || !isApiRequest(req)) return;
    if (CSRF_EXEMPT.has(`${req.method} ${req.routeOptions.url}`)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    let ok = false;
    if (typeof origin === 'string') {
      try {
        ok = new URL(origin).origin === appOrigin;
      } catch {
        ok = false;
      }
    }
    if (site !== undefined && site !== 'same-origin') ok = false;
    if (!ok) {
      await logSecurityEvent(app.deps, req.actor(), {
        type: 'csrf_rejected',
        success: false,
        details: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]} origin=${String(origin ?? '-').slice(0, 100)} site=${String(site ?? '-')}`,
      });
      throw new AppError('CSRF_REJECTED');
    }
  });
});
