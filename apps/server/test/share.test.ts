import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareClaimDto } from '@candeia/shared/schemas/media';
import { VIDEO_MAX_BYTES } from '@candeia/shared/schemas/media';
import { sweepShares } from '../src/modules/media/index.ts';
import { createTestApp } from './support/app.ts';
import { testClip, testPng } from './support/media.ts';
import { moveClock } from './support/scripture.ts';
import { insertUser, uniqueIp, type TestUser } from './support/factories.ts';

/**
 * The share target with files (decision 021): `POST /share` keeps what the share sheet sent for
 * an hour, under a cookie only its browser holds; `POST /api/share/claim` turns it into the
 * member's uploads.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'candeia-share-'));
const t = await createTestApp({ DATA_DIR: dataDir });
let ana: TestUser;
let bruno: TestUser;
beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Partilha' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Partilha' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type: string };

/** A multipart body as a share sheet (or a form) sends it. */
function multipart(parts: Part[]) {
  const boundary = `----share${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.file,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = async (name = 'foto.png'): Promise<Part> => ({
  name: 'media',
  file: await testPng(),
  filename: name,
  type: 'image/png',
});

const share = (parts: Part[], headers: Record<string, string | undefined> = {}) => {
  const body = multipart(parts);
  return t.request({
    method: 'POST',
    url: '/share',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress: uniqueIp(),
  });
};

/** The share cookie a response set, as a Cookie header value. */
function shareCookie(res: { headers: Record<string, unknown> }): string {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const c = set.find((s) => s.startsWith('candeia_share='));
  if (!c) throw new Error('no share cookie');
  return c.split(';')[0]!;
}

const claim = (u: TestUser | null, cookie: string | null) =>
  t.request({
    method: 'POST',
    url: '/api/share/claim',
    cookie: [u?.cookie, cookie].filter(Boolean).join('; ') || null,
  });

const stashed = () => {
  try {
    return readdirSync(join(dataDir, 'media', 'shares'));
  } catch {
    return [];
  }
};
const tmpFiles = () => {
  try {
    return readdirSync(join(dataDir, 'uploads-tmp'));
  } catch {
    return [];
  }
};
const stashRows = () => t.query<{ id: string; secret_hash: string }>('SELECT id, secret_hash FROM share_stashes');

describe('POST /share', () => {
  it('keeps the files and text under a cookie (HttpOnly, SameSite=Lax, an hour) and sends the page to /share', async () => {
    const res = await share([
      { name: 'title', value: 'Um salmo' },
      { name: 'text', value: 'Lâmpada para os meus pés' },
      { name: 'url', value: 'https://example.com/salmo' },
      await photo(),
    ]);
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/share?kept=1');
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/candeia_share=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Max-Age=3600');
    const secret = shareCookie(res).split('.')[1]!;
    const rows = await stashRows();
    expect(rows).toHaveLength(1);
    // Only a hash of the secret is kept.
    expect(rows[0]!.secret_hash).not.toContain(secret);
    expect(stashed()).toHaveLength(1);
    expect(tmpFiles()).toEqual([]);

    // Claimed by the signed-in member: the photo becomes theirs, the stash and its file are gone.
    const claimed = await claim(ana, shareCookie(res));
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json<ShareClaimDto>();
    expect(body).toMatchObject({
      title: 'Um salmo',
      text: 'Lâmpada para os meus pés',
      url: 'https://example.com/salmo',
      errors: [],
    });
    expect(body.media).toHaveLength(1);
    expect(body.media[0]).toMatchObject({ kind: 'photo', status: 'ready' });
    expect(String(claimed.headers['set-cookie'])).toMatch(/candeia_share=;/);
    const owned = await t.query('SELECT id FROM media WHERE owner_id = $1 AND id = $2', [
      ana.user.id,
      body.media[0]!.id,
    ]);
    expect(owned).toHaveLength(1);
    expect(await stashRows()).toEqual([]);
    expect(stashed()).toEqual([]);
    const own = await t.request({ url: body.media[0]!.urls.feed!, cookie: ana.cookie });
    expect(own.statusCode).toBe(200);

    // Once only.
    expect((await claim(ana, shareCookie(res))).statusCode).toBe(404);
  });

  it('a refused file is named by its code; the others are claimed', async () => {
    const res = await share([
      await photo(),
      {
        name: 'media',
        file: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'a.svg',
        type: 'image/svg+xml',
      },
      await photo('b.png'),
    ]);
    expect(res.statusCode).toBe(303);
    const claimed = await claim(ana, shareCookie(res));
    expect(claimed.statusCode, claimed.body).toBe(200);
    const body = claimed.json<ShareClaimDto>();
    expect(body.media).toHaveLength(2);
    expect(body.errors).toEqual(['MEDIA_TYPE_REFUSED']);
    expect(stashed()).toEqual([]);
  });

  it('a shared video is claimed as an upload being processed', async () => {
    const res = await share([
      { name: 'media', file: await testClip({ seconds: 1 }), filename: 'v.mp4', type: 'video/mp4' },
    ]);
    expect(res.statusCode).toBe(303);
    const claimed = await claim(ana, shareCookie(res));
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<ShareClaimDto>().media).toMatchObject([{ kind: 'video', status: 'processing', urls: {} }]);
    expect(stashed()).toEqual([]);
  });

  it('text alone is kept too; nothing at all keeps nothing', async () => {
    const res = await share([{ name: 'text', value: 'Só texto' }]);
    expect(res.statusCode).toBe(303);
    const body = (await claim(ana, shareCookie(res))).json<ShareClaimDto>();
    expect(body).toMatchObject({ text: 'Só texto', media: [], errors: [] });

    const empty = await share([{ name: 'title', value: '  ' }]);
    expect(empty.statusCode).toBe(303);
    expect(empty.headers.location).toBe('/share');
    expect(empty.headers['set-cookie']).toBeUndefined();
    expect(await stashRows()).toEqual([]);
  });

  it('a second share from the same browser replaces the first', async () => {
    const first = await share([await photo()]);
    const second = await t.request({
      method: 'POST',
      url: '/share',
      cookie: shareCookie(first),
      ...multipart([{ name: 'text', value: 'de novo' }]),
    });
    expect(second.statusCode).toBe(303);
    expect(await stashRows()).toHaveLength(1);
    expect(stashed()).toEqual([]);
    expect((await claim(ana, shareCookie(second))).json<ShareClaimDto>().text).toBe('de novo');
  });

  it('the share sheet’s post (Sec-Fetch-Site none, no Origin or Origin null) is taken', async () => {
    for (const headers of [
      { origin: undefined, 'sec-fetch-site': 'none' },
      { origin: 'null', 'sec-fetch-site': 'none' },
      { origin: undefined, 'sec-fetch-site': undefined },
    ]) {
      const res = await share([{ name: 'text', value: 'partilhado' }], headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect((await claim(ana, shareCookie(res))).statusCode).toBe(200);
    }
  });

  it('another site’s form is refused (403) and keeps nothing', async () => {
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: undefined, 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': undefined },
    ]) {
      const res = await share([await photo()], headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error.code).toBe('CSRF_REJECTED');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await stashRows()).toEqual([]);
    expect(stashed()).toEqual([]);
  });

  it('over the limits (a fifth file, a field too long, a file past the largest size) → 413, nothing left behind', async () => {
    const five = await share(await Promise.all([1, 2, 3, 4, 5].map((i) => photo(`${i}.png`))));
    expect(five.statusCode, five.body).toBe(413);
    const long = await share([await photo(), { name: 'text', value: 'x'.repeat(30 * 1024) }]);
    expect(long.statusCode, long.body).toBe(413);
    const huge = await share([
      { name: 'media', file: Buffer.alloc(VIDEO_MAX_BYTES + 1024), filename: 'v.mp4', type: 'video/mp4' },
    ]);
    expect(huge.statusCode, huge.body).toBe(413);
    for (const res of [five, long, huge]) expect(res.headers['set-cookie']).toBeUndefined();
    expect(await stashRows()).toEqual([]);
    expect(stashed()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('hostile fields and bodies never get a 5xx (SECURITY 15) and leave no temporary file', async () => {
    const nasty = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom('\u0000', 'a\u0000b', '\ud800', '<script>alert(1)</script>', '../../etc/passwd', '𝕏'.repeat(300)),
    );
    const name = fc.oneof(fc.constantFrom('title', 'text', 'url', 'media', '__proto__', 'constructor'), fc.string());
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, nasty, fc.boolean()), { maxLength: 6 }), async (parts) => {
        const res = await share(
          parts.map(([n, v, asFile]) =>
            asFile
              ? {
                  name: n.replace(/["\r\n]/g, ''),
                  file: Buffer.from(v),
                  filename: 'f.bin',
                  type: 'application/octet-stream',
                }
              : { name: n.replace(/["\r\n]/g, ''), value: v },
          ),
        );
        expect(res.statusCode, res.body).toBeLessThan(500);
        const cookie = res.headers['set-cookie'] ? shareCookie(res) : null;
        if (cookie) expect((await claim(ana, cookie)).statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (raw) => {
        const res = await t.request({
          method: 'POST',
          url: '/share',
          payload: raw,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          remoteAddress: uniqueIp(),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
    expect(tmpFiles()).toEqual([]);
    expect(await stashRows()).toEqual([]);
  });

  it('only multipart is taken', async () => {
    const res = await t.request({ method: 'POST', url: '/share', payload: { text: 'x' } });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /api/share/claim', () => {
  it('without the cookie, or with a wrong one, is 404; another member cannot claim without the secret', async () => {
    const res = await share([await photo()]);
    const cookie = shareCookie(res);
    const id = cookie.split('=')[1]!.split('.')[0]!;
    expect((await claim(ana, null)).statusCode).toBe(404);
    for (const wrong of [
      `candeia_share=${id}`,
      `candeia_share=${id}.${'A'.repeat(43)}`,
      'candeia_share=x.y',
      'candeia_share=',
    ]) {
      const r = await claim(bruno, wrong);
      expect(r.statusCode, wrong).toBe(404);
      expect(r.json().error.code).toBe('NOT_FOUND');
    }
    expect(await stashRows()).toHaveLength(1);
    // Signed out: a session is needed first.
    expect((await claim(null, cookie)).statusCode).toBe(401);
    // The browser that was given it claims it.
    expect((await claim(bruno, cookie)).statusCode).toBe(200);
    expect(await t.query('SELECT id FROM media WHERE owner_id = $1', [bruno.user.id])).toHaveLength(1);
  });

  it('a stash older than an hour cannot be claimed, and the sweep removes it with its files', async () => {
    const res = await share([await photo()]);
    expect(stashed()).toHaveLength(1);
    await moveClock(t, new Date(t.clock.now().getTime() + 61 * 60 * 1000));
    const u = await insertUser(t);
    expect((await claim(u, shareCookie(res))).statusCode).toBe(404);
    expect(await sweepShares(t.app.deps)).toBe(1);
    expect(await stashRows()).toEqual([]);
    expect(stashed()).toEqual([]);
  });
});
