import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { BOOT_SCRIPT } from '@candeia/shared/constants';

/** The landing's boot script (BOOT_SCRIPT), the only inline script allowed, by its exact hash. */
const BOOT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
};
const SECURE_HEADERS = { ...HEADERS, 'strict-transport-security': 'max-age=31536000; includeSubDomains' };

/** The headers every response carries; HSTS only when the app is served over https. */
export function securityHeaders(secure: boolean): Readonly<Record<string, string>> {
  return secure ? SECURE_HEADERS : HEADERS;
}

/**
 * Security headers on every response (SECURITY.md 16). A callback hook: no promise per request.
 * The answers Fastify gives before any hook runs (a malformed URL or request) get the same
 * headers from plugins/early-errors.ts.
 */
export default fp<{ secure: boolean }>(async (app, opts) => {
  const headers = securityHeaders(opts.secure);
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
});
