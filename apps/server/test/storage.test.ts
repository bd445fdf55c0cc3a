import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  createStorage,
  LocalStorage,
  parseRange,
  S3Storage,
  sendObject,
  type S3Settings,
  type ObjectStorage,
} from '../src/lib/storage/index.ts';
import { AppError } from '../src/lib/app-error.ts';
import { startLocalS3 } from './support/local-s3.ts';

/**
 * Media storage (docs/decisions/019-media-storage.md): one contract, run against the local disk
 * and against a real S3 server (s3rver, on a local port); range requests and the headers media
 * are served with.
 */

const tmp = mkdtempSync(join(tmpdir(), 'candeia-storage-'));
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let s3Storage: S3Storage;
/** An S3 driver on the local server, with these settings changed. */
const s3With = (changes: Partial<S3Settings> = {}) =>
  new S3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: '',
    ...changes,
  });

beforeAll(async () => {
  s3 = await startLocalS3();
  s3Storage = s3With({ prefix: 'test/' });
});

afterAll(async () => {
  s3Storage?.destroy();
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const drivers: [string, () => ObjectStorage][] = [
  ['local disk', () => new LocalStorage(join(tmp, 'media'))],
  ['S3 (local server)', () => s3Storage],
];

describe.each(drivers)('storage contract: %s', (_name, storage) => {
  it('stores, reads whole and in part, replaces, deletes', async () => {
    const store = storage();
    const key = 'photos/2026/11/abc123-feed.webp';
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();

    await store.put(key, Buffer.from('0123456789'), 'image/webp');
    expect(await store.head(key)).toEqual({ size: 10, contentType: 'image/webp' });
    const whole = await store.get(key);
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');

    const part = await store.get(key, { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await text(part!.body)).toBe('2345');

    await store.put(key, Buffer.from('new'), 'image/webp');
    expect(await text((await store.get(key))!.body)).toBe('new');

    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await store.delete(key); // a missing object is not an error
  });

  it('stores a file from disk without reading it whole', async () => {
    const store = storage();
    const file = join(tmp, `clip-${Math.random().toString(36).slice(2)}.mp4`);
    writeFileSync(file, Buffer.alloc(256 * 1024, 7));
    await store.putFile('videos/clip1.mp4', file, 'video/mp4');
    expect(await store.head('videos/clip1.mp4')).toEqual({ size: 256 * 1024, contentType: 'video/mp4' });
    const tail = await store.get('videos/clip1.mp4', { start: 256 * 1024 - 4, end: 256 * 1024 - 1 });
    const bytes: Buffer[] = [];
    for await (const chunk of tail!.body) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes)).toEqual(Buffer.alloc(4, 7));
  });

  it('takes only keys the server makes: no traversal, no odd characters', async () => {
    const store = storage();
    for (const bad of ['../etc/passwd', '/abs.webp', 'a/../b.webp', 'UPPER.webp', 'x.webp/', 'noext', 'a b.webp', '']) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp'), bad).rejects.toThrow(/invalid storage key/);
      await expect(store.head(bad), bad).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3', () => {
  // (s3rver does not check SigV4 signatures, so wrong keys cannot be tested here.)
  it('a server error reaches the caller: a bucket that does not exist is not a missing file', async () => {
    const wrong = s3With({ bucket: 'no-such-bucket' });
    await expect(wrong.put('x/y.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/bucket/i);
    wrong.destroy();
  });

  it('keeps its objects under the prefix', async () => {
    await s3Storage.put('p/q.webp', Buffer.from('x'), 'image/webp');
    const bare = s3With();
    expect(await bare.head('p/q.webp')).toBeNull();
    expect(await bare.head('test/p/q.webp')).toEqual({ size: 1, contentType: 'image/webp' });
    bare.destroy();
  });
});

describe('local disk', () => {
  it('leaves no temporary file behind, and keeps files outside the web root under the media folder', async () => {
    const root = join(tmp, 'media-atomic');
    const store = new LocalStorage(root);
    await store.put('a/b.webp', Buffer.from('x'), 'image/webp');
    expect(readdirSync(join(root, 'a'))).toEqual(['b.webp']);
    await expect(store.putFile('a/c.webp', join(tmp, 'does-not-exist'), 'image/webp')).rejects.toThrow();
    expect(readdirSync(join(root, 'a'))).toEqual(['b.webp']);
  });
});

describe('settings', () => {
  it('uses the local disk under DATA_DIR by default and S3 when S3_BUCKET is set', () => {
    expect(createStorage(loadConfig({ DATA_DIR: tmp })).kind).toBe('local');
    const s3config = loadConfig({
      DATA_DIR: tmp,
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(createStorage(s3config).kind).toBe('s3');
    expect(() => loadConfig({ S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/);
  });
});

describe('range requests', () => {
  it('parses the forms browsers send and refuses what cannot be met', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=20-10', 100)).toBe('invalid');
    expect(parseRange('bytes=-0', 100)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
  });

  describe.each(drivers)('served from %s', (_name, storage) => {
    it('200 whole, 206 in part, 416 beyond the end, 404 missing; the right type and nosniff', async () => {
      const store = storage();
      await store.put('serve/v1.mp4', Buffer.from('abcdefghij'), 'video/mp4');
      const app = Fastify();
      app.setErrorHandler((err, _req, reply) => reply.code(err instanceof AppError ? err.status : 500).send());
      app.get('/m/:name', (req, reply) =>
        sendObject(reply, store, `serve/${(req.params as { name: string }).name}`, req.headers.range),
      );
      const whole = await app.inject({ url: '/m/v1.mp4' });
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe('abcdefghij');
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['x-content-type-options']).toBe('nosniff');
      expect(whole.headers['accept-ranges']).toBe('bytes');

      const part = await app.inject({ url: '/m/v1.mp4', headers: { range: 'bytes=3-5' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('def');
      expect(part.headers['content-range']).toBe('bytes 3-5/10');
      expect(part.headers['content-length']).toBe('3');

      const beyond = await app.inject({ url: '/m/v1.mp4', headers: { range: 'bytes=10-' } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */10');

      expect((await app.inject({ url: '/m/none.mp4' })).statusCode).toBe(404);
      await app.close();
    });
  });
});
