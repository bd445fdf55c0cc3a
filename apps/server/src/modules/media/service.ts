import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DAY_MS } from '@candeia/shared/constants';
import {
  MEDIA_BYTES_PER_DAY,
  MEDIA_FILES_PER_DAY,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_POST,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  type MediaDto,
} from '@candeia/shared/schemas/media';
import { requireAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendObject } from '../../lib/storage/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import { inspectUpload } from './inspect.ts';
import { keyOf, mediaKeys, photoKeys, sourceKey, videoKeys, type MediaVariant } from './keys.ts';
import { processPhoto } from './photos.ts';
import { bundledFfmpeg, transcodeVideo, VideoError } from './videos.ts';
import * as repo from './repository.ts';

export type { MediaRow } from './repository.ts';

/** Media are a community feature: a session and the plan's `community` flag. */
async function uploader(deps: Deps, actor: Actor): Promise<string> {
  const { userId, role } = requireAccess(actor, 'community.use');
  await requireFeature(deps, { userId, role }, 'community');
  return userId;
}

export function toMediaDto(r: repo.MediaRow, base: string): MediaDto {
  const urls: MediaDto['urls'] = {};
  if (r.status === 'ready') {
    for (const variant of Object.keys(mediaKeys(r.id, r.kind as 'photo' | 'video')) as MediaVariant[]) {
      urls[variant] = `${base}/${r.id}/${variant}`;
    }
  }
  return {
    id: r.id,
    kind: r.kind as MediaDto['kind'],
    status: r.status as MediaDto['status'],
    width: r.width,
    height: r.height,
    placeholder: r.placeholder,
    urls,
    error: r.error,
  };
}

/** The member's own uploads are served from here (the composer); a post's through the community. */
const OWN_BASE = '/api/media';

/** The folder uploads are written to while they are checked (emptied as each request ends). */
const tmpDir = (deps: Deps) => join(deps.config.DATA_DIR, 'uploads-tmp');

/** Refuses an upload the member's day cannot take (checked again under a lock when stored). */
async function checkDay(deps: Deps, db: DbOrTx, ownerId: string, bytes: number): Promise<void> {
  const used = await repo.usageSince(db, ownerId, new Date(deps.clock.now().getTime() - DAY_MS));
  if (used.files + 1 > MEDIA_FILES_PER_DAY || used.bytes + bytes > MEDIA_BYTES_PER_DAY) {
    throw new AppError('MEDIA_DAILY_LIMIT');
  }
}

/** The refusal of a file cut at the largest size, worded for what its first bytes say it is. */
async function tooLarge(tmp: string): Promise<AppError> {
  const found = await inspectUpload(tmp, 0).catch(() => null);
  return new AppError(found && 'kind' in found && found.kind === 'photo' ? 'MEDIA_TOO_LARGE' : 'MEDIA_VIDEO_TOO_LARGE');
}

/**
 * One uploaded file (SECURITY.md 23–25): streamed to a temporary file (never past the largest
 * allowed size: the stream is cut there and the request refused 413), its type read from its
 * bytes against the allow-list, a photo re-encoded without metadata and stored in two sizes.
 * The temporary file is gone when this returns, whatever happened.
 */
export async function upload(deps: Deps, actor: Actor, file: Readable & { truncated?: boolean }): Promise<MediaDto> {
  const ownerId = await uploader(deps, actor);
  await checkDay(deps, deps.db, ownerId, 0);
  await mkdir(tmpDir(deps), { recursive: true });
  const tmp = join(tmpDir(deps), `${randomUUID()}.upload`);
  try {
    try {
      await pipeline(file, createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw await tooLarge(tmp);
      throw err;
    }
    // Cut at the largest size anything may have: a video's.
    if (file.truncated) throw await tooLarge(tmp);
    const { size } = await stat(tmp);
    if (size === 0) throw new AppError('MEDIA_UNREADABLE');
    const found = await inspectUpload(tmp, size);
    if ('refused' in found) throw new AppError('MEDIA_TYPE_REFUSED');
    if (found.kind === 'video') return await storeVideo(deps, ownerId, tmp, found.type, size);
    if (size > PHOTO_MAX_BYTES) throw new AppError('MEDIA_TOO_LARGE');

    let photo;
    try {
      photo = await processPhoto(tmp);
    } catch {
      throw new AppError('MEDIA_UNREADABLE');
    }
    const id = randomUUID();
    const keys = photoKeys(id);
    await deps.storage.put(keys.feed, photo.feed, 'image/webp');
    await deps.storage.put(keys.full, photo.full, 'image/webp');
    try {
      const row = await deps.db.transaction(async (tx) => {
        await repo.lockOwner(tx, ownerId);
        await checkDay(deps, tx, ownerId, size);
        return repo.insertMedia(tx, {
          id,
          ownerId,
          kind: 'photo',
          status: 'ready',
          sourceType: found.type,
          sourceBytes: size,
          width: photo.width,
          height: photo.height,
          placeholder: photo.placeholder,
          createdAt: deps.clock.now(),
        });
      });
      return toMediaDto(row, OWN_BASE);
    } catch (err) {
      await Promise.all([deps.storage.delete(keys.feed), deps.storage.delete(keys.full)]);
      throw err;
    }
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * A video as it arrived: kept (under a key never served) and a transcode queued in the same
 * transaction as its row, which says "processing" until the job is done.
 */
async function storeVideo(deps: Deps, ownerId: string, tmp: string, type: string, size: number): Promise<MediaDto> {
  if (size > VIDEO_MAX_BYTES) throw new AppError('MEDIA_VIDEO_TOO_LARGE');
  const id = randomUUID();
  const source = sourceKey(id);
  await deps.storage.putFile(source, tmp, type);
  try {
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockOwner(tx, ownerId);
      await checkDay(deps, tx, ownerId, size);
      const inserted = await repo.insertMedia(tx, {
        id,
        ownerId,
        kind: 'video',
        status: 'processing',
        sourceType: type,
        sourceBytes: size,
        createdAt: deps.clock.now(),
      });
      await deps.jobs.enqueue('media-video', { mediaId: id }, { tx, id });
      return inserted;
    });
    return toMediaDto(row, OWN_BASE);
  } catch (err) {
    await deps.storage.delete(source);
    throw err;
  }
}

/**
 * The queued transcode of one video (decision 019): its source fetched to a temporary folder,
 * turned into a 720p H.264/AAC MP4 and a poster, stored, and the row made ready, or failed with
 * the code its author is shown. The source is deleted either way. A video deleted meanwhile (the
 * composer's ×) leaves nothing behind. Throws only for what a retry may cure (storage, database).
 */
export async function processVideo(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  mediaId: string,
  lastAttempt: boolean,
  log?: { warn(obj: object, msg: string): void },
): Promise<void> {
  const row = await repo.findMedia(deps.db, mediaId);
  if (!row || row.kind !== 'video' || row.status !== 'processing') return;
  const dir = await mkdtemp(join(tmpdir(), 'candeia-video-'));
  const keys = videoKeys(mediaId);
  try {
    const src = await deps.storage.get(sourceKey(mediaId));
    if (!src) {
      await repo.markFailed(deps.db, mediaId, 'MEDIA_VIDEO_FAILED');
      return;
    }
    const input = join(dir, 'source');
    await pipeline(src.body, createWriteStream(input));
    let done;
    try {
      done = await transcodeVideo(
        deps.config.FFMPEG_PATH || bundledFfmpeg(),
        { path: input, type: row.sourceType },
        join(dir, 'out.mp4'),
        join(dir, 'poster.png'),
        VIDEO_MAX_SECONDS,
      );
    } catch (err) {
      if (!(err instanceof VideoError)) throw err;
      log?.warn({ mediaId, code: err.code, err: err.message.slice(0, 500) }, 'video not processed');
      await repo.markFailed(deps.db, mediaId, err.code);
      await deps.storage.delete(sourceKey(mediaId));
      return;
    }
    await deps.storage.putFile(keys.video, join(dir, 'out.mp4'), 'video/mp4');
    await deps.storage.put(keys.poster, done.poster, 'image/webp');
    const ready = await repo.markReady(deps.db, mediaId, {
      width: done.width,
      height: done.height,
      placeholder: done.placeholder,
      durationMs: Math.round(done.seconds * 1000),
    });
    // Deleted while it was transcoded: its files go too.
    if (!ready) await Promise.all([deps.storage.delete(keys.video), deps.storage.delete(keys.poster)]);
    await deps.storage.delete(sourceKey(mediaId));
  } catch (err) {
    if (lastAttempt) {
      await repo.markFailed(deps.db, mediaId, 'MEDIA_VIDEO_FAILED');
      await deps.storage.delete(sourceKey(mediaId));
    }
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Removes the stored files of a media item (its row is gone or going). */
export async function deleteFiles(deps: Pick<Deps, 'storage'>, row: repo.MediaRow): Promise<void> {
  const keys = [
    ...Object.values(mediaKeys(row.id, row.kind as 'photo' | 'video')),
    ...(row.kind === 'video' ? [sourceKey(row.id)] : []),
  ].filter((k) => k !== undefined);
  await Promise.all(keys.map((k) => deps.storage.delete(k)));
}

/** The member takes back an upload not yet posted (the composer's ×). */
export async function discard(deps: Deps, actor: Actor, id: string): Promise<void> {
  const ownerId = await uploader(deps, actor);
  const row = await repo.deleteUnattached(deps.db, ownerId, id);
  if (!row) throw new AppError('NOT_FOUND');
  await deleteFiles(deps, row);
}

/** One of the member's own uploads, for the composer (a posted one is served with its post). */
export async function sendOwn(
  deps: Deps,
  actor: Actor,
  reply: FastifyReply,
  id: string,
  variant: MediaVariant,
  range: string | undefined,
): Promise<FastifyReply> {
  const ownerId = await uploader(deps, actor);
  const row = await repo.findMedia(deps.db, id);
  if (!row || row.ownerId !== ownerId) throw new AppError('NOT_FOUND');
  return send(deps, reply, row, variant, range);
}

/** Sends a ready media item's file; NOT_FOUND for another state or a variant it has not. */
export async function send(
  deps: Pick<Deps, 'storage'>,
  reply: FastifyReply,
  row: repo.MediaRow,
  variant: MediaVariant,
  range: string | undefined,
): Promise<FastifyReply> {
  const key = keyOf(row.id, row.kind as 'photo' | 'video', variant);
  if (row.status !== 'ready' || !key) throw new AppError('NOT_FOUND');
  return sendObject(reply, deps.storage, key, range);
}

/**
 * Attaches the owner's uploads, in the order given, to their new post (in its transaction):
 * up to four photos, or one video alone (SPEC.md §1: text, photo, video). An id that is not the
 * owner's, or already on a post, is refused as not found.
 */
export async function attachToPost(tx: DbOrTx, ownerId: string, postId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw new AppError('MEDIA_PER_POST');
  const rows = await repo.unattachedOf(tx, ownerId, ids);
  if (rows.length !== ids.length || rows.some((r) => r.status === 'failed')) throw new AppError('NOT_FOUND');
  const videos = rows.filter((r) => r.kind === 'video').length;
  if (videos > 1 || (videos === 1 && rows.length > 1) || rows.length > PHOTOS_PER_POST) {
    throw new AppError('MEDIA_PER_POST');
  }
  for (const [position, id] of ids.entries()) await repo.attach(tx, id, postId, position);
}

/** The media of these posts as the readers get them, by post id. */
export async function mediaOfPosts(
  deps: Pick<Deps, 'db'>,
  postIds: string[],
  base: (postId: string) => string,
): Promise<Map<string, MediaDto[]>> {
  const out = new Map<string, MediaDto[]>();
  for (const row of await repo.ofPosts(deps.db, postIds)) {
    const postId = row.postId;
    if (!postId) continue;
    out.set(postId, [...(out.get(postId) ?? []), toMediaDto(row, base(postId))]);
  }
  return out;
}

/** A posted media item, for the community's route that serves it with its post. */
export async function findPosted(deps: Pick<Deps, 'db'>, postId: string, id: string): Promise<repo.MediaRow | null> {
  const row = await repo.findMedia(deps.db, id);
  return row && row.postId === postId ? row : null;
}

/** Housekeeping: uploads left in a composer for a day are deleted with their files. */
export async function sweepStrays(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const rows = await repo.strays(deps.db, new Date(deps.clock.now().getTime() - DAY_MS), 500);
  for (const row of rows) {
    await repo.deleteById(deps.db, row.id);
    await deleteFiles(deps, row);
  }
  return rows.length;
}

/**
 * A member's own uploaded photo becomes their profile photo (a counsellor's), in the caller's
 * transaction; NOT_FOUND when it is not their ready, unattached photo.
 */
export async function attachAsProfilePhoto(tx: DbOrTx, ownerId: string, id: string): Promise<void> {
  if (!(await repo.attachProfile(tx, ownerId, id))) throw new AppError('NOT_FOUND');
}

/** A profile photo that was replaced or removed: its row and its files go. */
export async function dropProfilePhoto(deps: Pick<Deps, 'db' | 'storage'>, id: string): Promise<void> {
  const row = await repo.findMedia(deps.db, id);
  if (!row || !row.profileOf) return;
  await repo.deleteById(deps.db, id);
  await deleteFiles(deps, row);
}

/** A profile photo by id, for the route that serves it. */
export async function findProfilePhoto(
  deps: Pick<Deps, 'db'>,
  ownerId: string,
  id: string,
): Promise<repo.MediaRow | null> {
  const row = await repo.findMedia(deps.db, id);
  return row && row.profileOf === ownerId ? row : null;
}
