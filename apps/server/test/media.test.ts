import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPageDto, PostDto } from '@candeia/shared/schemas/community';
import { MEDIA_FILES_PER_DAY, PHOTO_MAX_BYTES, type MediaDto } from '@candeia/shared/schemas/media';
import { createTestApp } from './support/app.ts';
import { multipartFile, testPng } from './support/media.ts';
import { moveClock } from './support/scripture.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { sweepStrays } from '../src/modules/media/index.ts';

/**
 * Photos in the community (SECURITY.md 23–25, decision 019): upload limits, the type read from
 * the bytes, SVG/HTML/polyglots refused, EXIF and GPS gone, orientation applied, posts with
 * photos, who may see them, and uploads never posted swept away.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'candeia-media-'));
const t = await createTestApp({ DATA_DIR: dataDir });
let ana: TestUser;
let bruno: TestUser;
beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Foto' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Foto' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (u: TestUser | null, file: Buffer, name?: string, type?: string) =>
  t.request({ method: 'POST', url: '/api/media', cookie: u?.cookie ?? null, ...multipartFile(file, name, type) });

/** A 640×480 JPEG taken "with the phone on its side" (EXIF orientation 6) and with GPS in its EXIF. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 0/1' },
    })
    .toBuffer();
}
const png = () => testPng();

const tmpFiles = () => {
  try {
    return readdirSync(join(dataDir, 'uploads-tmp'));
  } catch {
    return [];
  }
};

async function fetchBytes(
  url: string,
  u: TestUser | null,
): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  const res = await t.request({ url, cookie: u?.cookie ?? null });
  return { status: res.statusCode, body: res.rawPayload, headers: res.headers };
}

describe('a photo upload', () => {
  it('is re-encoded as WebP with no EXIF or GPS, turned upright, in two sizes with a placeholder', async () => {
    const original = await phoneJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    // The camera and the GPS block (tag 0x8825, either byte order) are in the original.
    expect(original.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );

    const res = await upload(ana, original);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<MediaDto>();
    expect(m).toMatchObject({ kind: 'photo', status: 'ready', width: 480, height: 640, error: null });
    expect(m.placeholder).toMatch(/^data:image\/webp;base64,/);

    for (const variant of ['feed', 'full'] as const) {
      const file = await fetchBytes(m.urls[variant]!, ana);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Upright: the sideways 640×480 is now 480 wide and 640 high.
      expect([meta.width, meta.height]).toEqual([480, 640]);
      expect(file.body.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it("is the uploader's own until posted: another member and a visitor get 404", async () => {
    const m = (await upload(ana, await png(), 'a.png', 'image/png')).json<MediaDto>();
    expect((await fetchBytes(m.urls.feed!, bruno)).status).toBe(404);
    expect((await fetchBytes(m.urls.feed!, null)).status).toBe(401);
  });

  it('takes the type from the bytes: a PNG named .jpg is a PNG; a text file named .jpg is refused', async () => {
    expect((await upload(ana, await png(), 'x.jpg', 'image/jpeg')).statusCode).toBe(201);
    const res = await upload(ana, Buffer.from('hello, just text'), 'x.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('MEDIA_TYPE_REFUSED');
    expect(res.json().error.message).toBe('Envie uma foto (JPEG, PNG, WebP ou GIF) ou um vídeo (MP4, WebM ou MOV).');
  });

  it('refuses SVG, HTML and polyglots (a real JPEG carrying a script), leaving no file', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    // The same JPEG alone is fine: the refusal is for the script.
    expect((await upload(ana, jpeg)).statusCode).toBe(201);
    for (const [file, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [svg, 'x.png', 'image/png'],
      [html, 'x.jpg', 'image/jpeg'],
      [polyglot, 'x.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(ana, file, name, type);
      expect(res.statusCode, name).toBe(415);
    }
    expect(tmpFiles()).toEqual([]);
  });

  it('a photo over the size limit is refused 413 and nothing is left behind', async () => {
    // Random bytes behind a JPEG header: over the limit before anything is decoded.
    const big = Buffer.concat([await phoneJpeg(), Buffer.alloc(PHOTO_MAX_BYTES + 1024, 1)]);
    const res = await upload(ana, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('MEDIA_TOO_LARGE');
    expect(tmpFiles()).toEqual([]);
    const rows = await t.query<{ n: number }>(`SELECT count(*)::int AS n FROM media WHERE source_bytes > $1`, [
      PHOTO_MAX_BYTES,
    ]);
    expect(rows[0]!.n).toBe(0);
  });

  it('a file that is not a whole picture is refused with a message, not a server error', async () => {
    const jpeg = await phoneJpeg();
    const res = await upload(ana, jpeg.subarray(0, 200));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MEDIA_UNREADABLE');
  });

  it('needs a session and the plan with the community', async () => {
    expect((await upload(null, await png())).statusCode).toBe(401);
    const free = await insertUser(t, { firstName: 'Sem', lastName: 'Plano' });
    await t.query(
      `UPDATE user_subscriptions SET is_trial = false, status = 'active',
         plan_id = (SELECT id FROM subscription_plans WHERE slug = 'free') WHERE user_id = $1`,
      [free.user.id],
    );
    const res = await upload(free, await png());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FEATURE_NOT_IN_PLAN');
  });

  it('a broken multipart body (no boundary, cut short, a bad part header) is refused 400, not a server error', async () => {
    const head = 'Content-Disposition: form-data; name="file"; filename="a.jpg"';
    for (const [payload, type] of [
      ['garbage', 'multipart/form-data; boundary=x'],
      [`--x\r\n${head}\r\n\r\nabc`, 'multipart/form-data; boundary=x'],
      ['--x\r\n\r\n', 'multipart/form-data; boundary=x'],
      ['--x\r\nBroken header\r\n\r\nabc\r\n--x--', 'multipart/form-data; boundary=x'],
      ['abc', 'multipart/form-data'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/media',
        cookie: ana.cookie,
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('MEDIA_UNREADABLE');
    }
    expect(tmpFiles()).toEqual([]);
  });

  it('a request that is not multipart is refused', async () => {
    const json = await t.request({ method: 'POST', url: '/api/media', cookie: ana.cookie, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });
});

describe('posts with photos', () => {
  it('a post of photos alone is published; the feed shows them in order; anyone who may read the post sees them', async () => {
    const a = (await upload(ana, await png(), 'a.png', 'image/png')).json<MediaDto>();
    const b = (await upload(ana, await phoneJpeg())).json<MediaDto>();
    const res = await t.request({
      method: 'POST',
      url: '/api/community/posts',
      cookie: ana.cookie,
      payload: { body: '', mediaIds: [b.id, a.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json<PostDto>();
    expect(post.body).toBe('');
    expect(post.media.map((m) => m.id)).toEqual([b.id, a.id]);
    expect(post.media[0]!.urls.feed).toBe(`/api/community/posts/${post.id}/media/${b.id}/feed`);

    const feed = (
      await t.request({ url: '/api/community/feed?feed=discover', cookie: bruno.cookie })
    ).json<FeedPageDto>();
    expect(feed.items.find((p) => p.id === post.id)?.media.map((m) => m.id)).toEqual([b.id, a.id]);

    // A shared link works signed out: the post and its photos.
    const file = await fetchBytes(post.media[1]!.urls.full!, null);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    // The id of a photo on another post does not open under this one.
    const other = (await upload(ana, await png(), 'c.png', 'image/png')).json<MediaDto>();
    const otherPost = (
      await t.request({
        method: 'POST',
        url: '/api/community/posts',
        cookie: ana.cookie,
        payload: { body: 'x', mediaIds: [other.id] },
      })
    ).json<PostDto>();
    expect((await fetchBytes(`/api/community/posts/${post.id}/media/${other.id}/feed`, null)).status).toBe(404);

    // Deleted by its author: the photos go with it.
    await t.request({ method: 'DELETE', url: `/api/community/posts/${post.id}`, cookie: ana.cookie });
    expect((await fetchBytes(file.status === 200 ? post.media[1]!.urls.full! : '', null)).status).toBe(404);
    expect(otherPost.media).toHaveLength(1);
  });

  it("refuses someone else's upload, one already posted, five photos, and a post with neither text nor media", async () => {
    const mine = (await upload(ana, await png(), 'a.png', 'image/png')).json<MediaDto>();
    const send = (u: TestUser, payload: object) =>
      t.request({ method: 'POST', url: '/api/community/posts', cookie: u.cookie, payload });
    expect((await send(bruno, { body: 'roubando', mediaIds: [mine.id] })).statusCode).toBe(404);
    expect((await send(ana, { body: 'ok', mediaIds: [mine.id] })).statusCode).toBe(201);
    expect((await send(ana, { body: 'again', mediaIds: [mine.id] })).statusCode).toBe(404);

    const five = [];
    for (let i = 0; i < 5; i++) five.push((await upload(ana, await png(), 'a.png', 'image/png')).json<MediaDto>().id);
    const tooMany = await send(ana, { body: 'muitas', mediaIds: five });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.mediaIds).toBe('Um post pode ter até 4 fotos ou 1 vídeo.');
    const empty = await send(ana, { body: '  ', mediaIds: [] });
    expect(empty.json().error.fields.body).toBe('Seu post precisa ter texto ou uma mídia');
    // A failed post attaches nothing: the four first are still free to post.
    expect((await send(ana, { body: 'quatro', mediaIds: five.slice(0, 4) })).statusCode).toBe(201);
  });

  it('an upload taken back before posting is deleted with its files; not by someone else', async () => {
    const m = (await upload(ana, await png(), 'a.png', 'image/png')).json<MediaDto>();
    expect((await t.request({ method: 'DELETE', url: `/api/media/${m.id}`, cookie: bruno.cookie })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'DELETE', url: `/api/media/${m.id}`, cookie: ana.cookie })).statusCode).toBe(204);
    expect(existsUnder(m.id)).toEqual([]);
  });
});

function existsUnder(id: string): string[] {
  try {
    return readdirSync(join(dataDir, 'media', 'media')).filter((f) => f.startsWith(id));
  } catch {
    return [];
  }
}

describe('allowances and housekeeping', () => {
  it('uploads never posted are swept a day later, with their files', async () => {
    const m = (await upload(bruno, await png(), 'a.png', 'image/png')).json<MediaDto>();
    expect(existsUnder(m.id)).toHaveLength(2);
    await moveClock(t, new Date(t.clock.now().getTime() + 25 * 60 * 60 * 1000));
    await sweepStrays(t.app.deps);
    expect(existsUnder(m.id)).toEqual([]);
    expect(await t.query(`SELECT 1 FROM media WHERE id = $1`, [m.id])).toEqual([]);
  });

  it(`at most ${MEDIA_FILES_PER_DAY} files a day: the next is refused 413 with a message`, async () => {
    const carla = await insertUser(t, { firstName: 'Carla', lastName: 'Foto' });
    await t.query(
      `INSERT INTO media (owner_id, kind, status, source_type, source_bytes, created_at)
       SELECT $1, 'photo', 'ready', 'image/png', 1000, $2 FROM generate_series(1, $3)`,
      [carla.user.id, t.clock.now(), MEDIA_FILES_PER_DAY],
    );
    const res = await upload(carla, await png(), 'a.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('MEDIA_DAILY_LIMIT');
    await moveClock(t, new Date(t.clock.now().getTime() + 25 * 60 * 60 * 1000));
    expect((await upload(carla, await png(), 'a.png', 'image/png')).statusCode).toBe(201);
  });
});
