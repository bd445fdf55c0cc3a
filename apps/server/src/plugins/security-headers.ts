import fp from 'fastify-plugin';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
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

/** Security headers on every response (SECURITY.md 16). A callback hook: no promise per request. */
export default fp<{ secure: boolean }>(async (app, opts) => {
  const headers = opts.secure ? SECURE_HEADERS : HEADERS;
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
});
