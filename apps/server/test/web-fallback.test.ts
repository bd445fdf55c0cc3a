import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/app.ts';

/** The built web app's fallback: app paths get index.html, missing files a 404. */
const dist = mkdtempSync(join(tmpdir(), 'candeia-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Candeia</title>');
writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
const t = await createTestApp({}, { webDist: dist });
afterAll(async () => t.close());

describe('web fallback', () => {
  it.each(['/community', '/u/maria.silva', '/u/ana.conceicao2', '/community/post/3f0c', '/bible/kjv/John/3'])(
    '%s is the app',
    async (url) => {
      const res = await t.request({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Candeia</title>');
    },
  );

  it.each(['/assets/missing.js', '/icons/none.png', '/missing.webmanifest', '/old.css'])('%s is a 404', async (url) => {
    expect((await t.request({ url })).statusCode).toBe(404);
  });

  it('a real file is sent as it is', async () => {
    const res = await t.request({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{}');
  });
});
