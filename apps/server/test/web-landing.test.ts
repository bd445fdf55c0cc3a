import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, LOCALE_HINT_COOKIE } from '@candeia/shared/constants';
import { createTestApp } from './support/app.ts';

/**
 * `/` is the landing the build prerendered (apps/web/build/prerender.ts), in the visitor's
 * language; every other app path is the plain index.html.
 */
const dist = mkdtempSync(join(tmpdir(), 'candeia-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Candeia</title><div id="root"></div>');
mkdirSync(join(dist, 'prerendered'));
for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
  const page = `<!doctype html><html lang="${locale}"><div id="root">landing ${locale}</div>`;
  writeFileSync(join(dist, `prerendered/landing.${locale}.html`), page);
  writeFileSync(join(dist, `prerendered/landing.${locale}.html.gz`), gzipSync(page));
}
const t = await createTestApp({}, { webDist: dist });
afterAll(async () => t.close());

const landingOf = async (headers: Record<string, string>, url = '/') => {
  const res = await t.request({ url, headers });
  expect(res.statusCode).toBe(200);
  return /landing (\S+)</.exec(res.body)?.[1] ?? 'index';
};

describe('the prerendered landing', () => {
  it('is sent for / in the language the app will pick: ?lng=, then the stored choice, then Accept-Language', async () => {
    expect(await landingOf({})).toBe('pt-BR');
    expect(await landingOf({ 'accept-language': 'es-MX,es;q=0.9' })).toBe('es-ES');
    expect(await landingOf({ 'accept-language': 'fr-FR, en;q=0.5' })).toBe('en-US');
    expect(await landingOf({ 'accept-language': 'de-DE' })).toBe('pt-BR');
    expect(await landingOf({ 'accept-language': 'es', cookie: `a=1; ${LOCALE_HINT_COOKIE}=en-US` })).toBe('en-US');
    expect(await landingOf({ cookie: `${LOCALE_HINT_COOKIE}=xx-YY`, 'accept-language': 'es' })).toBe('es-ES');
    expect(await landingOf({ cookie: `${LOCALE_HINT_COOKIE}=es-ES` }, '/?lng=en')).toBe('en-US');
    expect(await landingOf({}, '/?lng=zz')).toBe('pt-BR');
  });

  it('varies by language and is compressed when asked', async () => {
    const res = await t.request({ url: '/', headers: { 'accept-language': 'en', 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-language/);
    expect(String(res.headers.vary)).toMatch(/cookie/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('other app paths still get index.html', async () => {
    expect(await landingOf({ 'accept-language': 'en' }, '/login')).toBe('index');
    expect(await landingOf({}, '/community')).toBe('index');
  });

  it('the CSP allows the boot script by its hash, and no other inline script', async () => {
    const res = await t.request({ url: '/' });
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(scriptSrc.split(' ').sort()).toEqual([`'self'`, `'sha256-${hash}'`].sort());
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|nonce/);
  });
});
