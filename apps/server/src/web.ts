import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET that wants HTML (the SPA shows its own not-found page).
 */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist}/index.html is missing). Run: npm run build`);
  }
  // index.html is small and read on almost every navigation: kept in memory.
  const indexHtml = readFileSync(join(dist, 'index.html'));
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      if (path.includes(`${join(dist, 'assets')}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  app.get('/*', { config: { access: 'public' } }, async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/')) return reply.callNotFound();
    // A real file (icons, manifest, service worker) is sent as it is.
    const file = path.slice(1);
    if (file && !file.includes('..') && existsSync(join(dist, file)) && !file.endsWith('/')) {
      return reply.sendFile(file);
    }
    if (/\.[a-z0-9]{2,5}$/i.test(path)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
