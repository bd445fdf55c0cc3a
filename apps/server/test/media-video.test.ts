import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDto } from '@candeia/shared/schemas/community';
import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, type MediaDto } from '@candeia/shared/schemas/media';
import { createTestApp } from './support/app.ts';
import { multipartFile, testClip, testPng } from './support/media.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { bundledFfmpeg, probeVideo, targetSize } from '../src/modules/media/videos.ts';

/**
 * Videos in the community (SECURITY.md 23–25, decision 019): uploaded and kept as they came,
 * transcoded by a queued job with the ffmpeg `npm install` brings to a 720p H.264/AAC MP4 with a
 * poster and no metadata, served with ranges; too long, unreadable, too large and deleted-meanwhile
 * each end cleanly.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'candeia-video-'));
const t = await createTestApp({ DATA_DIR: dataDir });
let ana: TestUser;
let bruno: TestUser;
beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Vídeo' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Vídeo' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (u: TestUser, file: Buffer, name = 'clip.mp4', type = 'video/mp4') =>
  t.request({ method: 'POST', url: '/api/media', cookie: u.cookie, ...multipartFile(file, name, type) });
const post = (u: TestUser, payload: object) =>
  t.request({ method: 'POST', url: '/api/community/posts', cookie: u.cookie, payload });
const getPost = async (id: string, u: TestUser | null = null) =>
  (await t.request({ url: `/api/community/posts/${id}`, cookie: u?.cookie ?? null })).json<PostDto>();
const settle = () => t.jobs.settle('media-video', 120_000);

/** The files stored for a media id (local storage under DATA_DIR/media). */
function stored(id: string): string[] {
  try {
    return readdirSync(join(dataDir, 'media', 'media'))
      .filter((f) => f.startsWith(id))
      .map((f) => f.slice(id.length))
      .sort();
  } catch {
    return [];
  }
}

async function probeBytes(bytes: Buffer) {
  const path = join(dataDir, `probe-${Math.random().toString(16).slice(2)}.mp4`);
  writeFileSync(path, bytes);
  try {
    const { stderr } = await promisify(execFile)(bundledFfmpeg(), ['-hide_banner', '-i', path]).catch(
      (e: { stderr: string }) => ({ stderr: e.stderr }),
    );
    return { info: await probeVideo(bundledFfmpeg(), path, 'video/mp4'), text: stderr };
  } finally {
    rmSync(path, { force: true });
  }
}

describe('a video upload', () => {
  it('is kept as it came and says "processing"; posted, it is transcoded by the queue to a 720p MP4 with a poster and no metadata', async () => {
    // A phone's MOV, with where and on what it was filmed.
    const clip = await testClip({ width: 1280, height: 960, seconds: 2, format: 'mov' });
    expect(clip.includes(Buffer.from('-23.5505'))).toBe(true);
    expect(clip.includes(Buffer.from('Phone 9'))).toBe(true);
    const res = await upload(ana, clip, 'IMG_0001.MOV', 'video/quicktime');
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<MediaDto>();
    expect(m).toMatchObject({ kind: 'video', status: 'processing', urls: {}, error: null });
    expect(stored(m.id)).toEqual(['-source.bin']);

    const created = await post(ana, { body: 'Um vídeo do culto', mediaIds: [m.id] });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json<PostDto>();
    expect(p.media).toMatchObject([{ id: m.id, kind: 'video', status: 'processing' }]);

    await settle();
    const ready = (await getPost(p.id, bruno)).media[0]!;
    expect(ready).toMatchObject({ status: 'ready', width: 960, height: 720, error: null });
    expect(ready.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(ready.urls.video).toBe(`/api/community/posts/${p.id}/media/${m.id}/video`);
    // The upload as it came is gone; the MP4 and the poster are kept.
    expect(stored(m.id)).toEqual(['-poster.webp', '.mp4']);

    // Anyone who may read the post plays it, signed out too; with ranges (SECURITY.md 25).
    const whole = await t.request({ url: ready.urls.video! });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.request({ url: ready.urls.video!, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);

    const { info, text } = await probeBytes(whole.rawPayload);
    expect(info).toMatchObject({ width: 960, height: 720, hasAudio: true });
    expect(info.seconds).toBeGreaterThan(1.5);
    expect(text).toMatch(/Video: h264/);
    expect(text).toMatch(/Audio: aac/);
    // No place, no device.
    expect(whole.rawPayload.includes(Buffer.from('-23.5505'))).toBe(false);
    expect(whole.rawPayload.includes(Buffer.from('Phone 9'))).toBe(false);
    expect(text).not.toMatch(/location/i);

    const poster = await t.request({ url: ready.urls.poster! });
    expect(poster.headers['content-type']).toBe('image/webp');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });
  }, 120_000);

  it('a WebM from a browser becomes an MP4 too; a small one keeps its size', async () => {
    const m = (
      await upload(ana, await testClip({ width: 320, height: 240, format: 'webm' }), 'c.webm', 'video/webm')
    ).json<MediaDto>();
    expect(m.status).toBe('processing');
    const p = (await post(ana, { body: '', mediaIds: [m.id] })).json<PostDto>();
    await settle();
    const ready = (await getPost(p.id)).media[0]!;
    expect(ready).toMatchObject({ status: 'ready', width: 320, height: 240 });
    const file = await t.request({ url: ready.urls.video! });
    expect((await probeBytes(file.rawPayload)).text).toMatch(/Video: h264/);
  }, 120_000);

  it('a phone video filmed upright comes out upright (portrait, 720 wide)', async () => {
    const m = (
      await upload(ana, await testClip({ width: 1280, height: 720, seconds: 1, rotated: true }))
    ).json<MediaDto>();
    const p = (await post(ana, { body: '', mediaIds: [m.id] })).json<PostDto>();
    await settle();
    const ready = (await getPost(p.id)).media[0]!;
    expect(ready).toMatchObject({ status: 'ready', width: 720, height: 1280 });
    const file = await t.request({ url: ready.urls.video! });
    expect((await probeBytes(file.rawPayload)).info).toMatchObject({ width: 720, height: 1280 });
  }, 60_000);

  it(`a video over ${VIDEO_MAX_SECONDS} s fails with its reason for the author, and its upload is deleted`, async () => {
    const long = await testClip({ width: 64, height: 64, seconds: VIDEO_MAX_SECONDS + 5, rate: 1, audio: false });
    const m = (await upload(ana, long)).json<MediaDto>();
    await settle();
    const own = await t.request({ url: `/api/media/${m.id}/video`, cookie: ana.cookie });
    expect(own.statusCode).toBe(404);
    const row = await t.query<{ status: string; error: string }>(`SELECT status, error FROM media WHERE id = $1`, [
      m.id,
    ]);
    expect(row[0]).toEqual({ status: 'failed', error: 'MEDIA_VIDEO_TOO_LONG' });
    expect(stored(m.id)).toEqual([]);
    // A failed video cannot be posted.
    expect((await post(ana, { body: 'x', mediaIds: [m.id] })).statusCode).toBe(404);
  }, 120_000);

  it('a file that only starts like an MP4 fails as unreadable, with nothing left behind', async () => {
    const fake = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(12),
      Buffer.alloc(4000, 7),
    ]);
    const res = await upload(ana, fake);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<MediaDto>();
    const p = (await post(ana, { body: 'quebrado', mediaIds: [m.id] })).json<PostDto>();
    await settle();
    expect((await getPost(p.id, ana)).media[0]).toMatchObject({ status: 'failed', error: 'MEDIA_UNREADABLE' });
    expect(stored(m.id)).toEqual([]);
  }, 60_000);

  it('one video alone per post: not with a photo, not two', async () => {
    const v1 = (await upload(ana, await testClip({ width: 160, height: 120, seconds: 1 }))).json<MediaDto>();
    const v2 = (await upload(ana, await testClip({ width: 160, height: 120, seconds: 1 }))).json<MediaDto>();
    const photo = (await upload(ana, await testPng(), 'a.png', 'image/png')).json<MediaDto>();
    const withPhoto = await post(ana, { body: 'x', mediaIds: [v1.id, photo.id] });
    expect(withPhoto.statusCode).toBe(400);
    expect(withPhoto.json().error).toMatchObject({
      code: 'MEDIA_PER_POST',
      message: 'Um post pode ter até 4 fotos ou 1 vídeo.',
    });
    expect((await post(ana, { body: 'x', mediaIds: [v1.id, v2.id] })).statusCode).toBe(400);
    await settle();
  }, 60_000);

  it('taken back while it is transcoded: nothing is left behind', async () => {
    const m = (await upload(bruno, await testClip({ width: 640, height: 480, seconds: 3 }))).json<MediaDto>();
    expect((await t.request({ method: 'DELETE', url: `/api/media/${m.id}`, cookie: bruno.cookie })).statusCode).toBe(
      204,
    );
    await settle();
    expect(stored(m.id)).toEqual([]);
    expect(await t.query(`SELECT 1 FROM media WHERE id = $1`, [m.id])).toEqual([]);
  }, 60_000);

  it('over the video size limit: 413 with a message, and no file left behind', async () => {
    const clip = await testClip({ width: 160, height: 120, seconds: 1 });
    const big = Buffer.concat([clip, Buffer.alloc(VIDEO_MAX_BYTES + 1024 - clip.length, 1)]);
    const res = await upload(bruno, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'MEDIA_VIDEO_TOO_LARGE',
      message: 'O vídeo passa do limite de 100 MB.',
    });
    expect(readdirSync(join(dataDir, 'uploads-tmp'))).toEqual([]);
  }, 60_000);
});

describe('the transcoded size', () => {
  it('has its shorter side at most 720 and both sides even, never enlarged', () => {
    expect(targetSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetSize(641, 481)).toEqual({ width: 642, height: 482 });
    expect(targetSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(targetSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
  });
});
