import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOCALE_HINT_COOKIE, SUPPORTED_LOCALES, matchLocale, type Locale } from '@candeia/shared/constants';
import { localeFromHeaders } from './plugins/request-context.ts';
import { pickEncoding, type Encoding } from './lib/encoded-body.ts';

const LOCALE_HINT = new RegExp(`(?:^|;\\s*)${LOCALE_HINT_COOKIE}=([^;]*)`);

/**
 * The language the app will pick for `/`, as far as the server can see it: `?lng=`, the copy of
 * the stored choice (LOCALE_HINT_COOKIE), then Accept-Language. When the browser's own storage
 * says otherwise, the app renders its language instead of taking over the page (main.tsx).
 */
function landingLocale(req: FastifyRequest): Locale {
  const q = req.url.indexOf('?');
  const lng = q < 0 ? null : new URLSearchParams(req.url.slice(q + 1)).get('lng');
  const fromQuery = lng ? matchLocale(lng) : null;
  if (fromQuery) return fromQuery;
  const cookie = req.headers.cookie;
  if (cookie) {
    const m = LOCALE_HINT.exec(cookie);
    const fromCookie = m ? matchLocale(m[1]!) : null;
    if (fromCookie) return fromCookie;
  }
  return localeFromHeaders(undefined, req.headers['accept-language']);
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
  // The landing, prerendered by the build in each language (apps/web/build/prerender.ts).
  const landing = new Map<Locale, Record<Encoding, Buffer>>();
  for (const locale of SUPPORTED_LOCALES) {
    const name = `prerendered/landing.${locale}.html`;
    const page = read(name);
    if (page) landing.set(locale, { identity: page, gzip: read(`${name}.gz`) ?? page, br: read(`${name}.br`) ?? page });
  }
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
    const page = path === '/' ? landing.get(landingLocale(req)) : undefined;
    const body = page ? page[enc] : index[enc];
    reply
      .header('cache-control', 'no-cache')
      .header('vary', page ? 'accept-encoding, accept-language, cookie' : 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (enc !== 'identity' && body !== (page ? page.identity : plain)) reply.header('content-encoding', enc);
    return reply.send(body);
  });
}
