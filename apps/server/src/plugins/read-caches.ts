import fp from 'fastify-plugin';

/** Methods that only read (RFC 9110's safe methods). */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * This process's read caches (lib/read-cache.ts) after a request that may have written, before its
 * answer leaves: whatever the caller asks next is read afresh. A member's request drops their own
 * copies (and every feed page); an admin's, a webhook's or a signed-out caller's (a password
 * reset) drops them all. Other processes hear of the change from PostgreSQL's triggers.
 */
export default fp(async (app) => {
  const { caches } = app.deps;
  // A callback hook: no promise per request.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (!SAFE.has(req.method)) caches.afterWrite(req.auth && req.auth.role !== 'admin' ? req.auth.userId : null);
    done(null, payload);
  });
});
