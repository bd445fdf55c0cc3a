import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip' | 'identity';

const qValue = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i');
const BR = qValue('br');
const GZIP = qValue('gzip');

/** The best encoding the client accepts among brotli, gzip and none. */
export function pickEncoding(req: FastifyRequest): Encoding {
  const accept = req.headers['accept-encoding'];
  if (!accept) return 'identity';
  const q = (re: RegExp) => {
    const m = re.exec(accept);
    return m ? (m[1] === undefined ? 1 : Number(m[1])) : 0;
  };
  if (q(BR) > 0) return 'br';
  if (q(GZIP) > 0) return 'gzip';
  return 'identity';
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * the build's precompressed .br/.gz files when the browser accepts them, and index.html for
 * any other GET (the app shows its own not-found page).
 */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`The web app is not built (${dist}/index.html is missing). Run: npm run build`);
  }
  // index.html is small and asked for on almost every navigation: kept in memory, per encoding.
  const read = (f: string) => (existsSync(join(dist, f)) ? readFileSync(join(dist, f)) : null);
  const plain = readFileSync(join(dist, 'index.html'));
  const index: Record<Encoding, Buffer> = {
    identity: plain,
    gzip: read('index.html.gz') ?? plain,
    br: read('index.html.br') ?? plain,
  };
  const assets = join(dist, 'assets');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('vary', 'accept-encoding');
      if (path.startsWith(assets)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  const MISSING_FILE =
    /\.(js|mjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|mp4|webm|gz|br)$/i;
  app.get('/*', { config: { access: 'public' } }, async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (path.startsWith('/api/')) return reply.callNotFound();
    // A real file (icons, manifest, service worker) is sent as it is.
    const file = path.slice(1);
    if (file && !file.includes('..') && !file.endsWith('/') && existsSync(join(dist, file))) {
      return reply.sendFile(file);
    }
    // A missing file is a 404, not the app; an app path with a dot in it (`/u/maria.silva`) is the app.
    if (MISSING_FILE.test(path)) return reply.callNotFound();
    const enc = pickEncoding(req);
    const body = index[enc];
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (enc !== 'identity' && body !== plain) reply.header('content-encoding', enc);
    return reply.send(body);
  });
}
