import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HOUR_MS } from '@candeia/shared/constants';
import type { MediaDto, ShareClaimDto } from '@candeia/shared/schemas/media';
import { requireAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import { upload } from './service.ts';
import * as repo from './share-repository.ts';

/** How long what was shared waits for its claim (decision 021). */
export const STASH_TTL_MS = HOUR_MS;

/** The cookie naming the browser's stash: `<id>.<secret>`. */
export const SHARE_COOKIE = 'candeia_share';

/** Longest kept text of each field (longer is cut: a share sheet sends what it has). */
const FIELD_MAX = { title: 300, text: 5000, url: 2048 } as const;
export type ShareField = keyof typeof FIELD_MAX;

const STASH_KEY = (id: string) => `shares/${id}.bin`;

/** A share being received: its files go to storage as they arrive, the text at the end. */
export class IncomingShare {
  readonly files: repo.StashedFile[] = [];
  readonly fields: Record<ShareField, string> = { title: '', text: '', url: '' };
  private readonly tmp: string[] = [];

  constructor(private readonly deps: Deps) {}

  setField(name: string, value: string): void {
    if (!(name in FIELD_MAX)) return;
    const field = name as ShareField;
    this.fields[field] = value.replaceAll('\u0000', '').trim().slice(0, FIELD_MAX[field]);
  }

  /**
   * One shared file, written to a temporary file (cut at the largest size a medium may have:
   * the caller's multipart limit throws past it), then to storage under a key the server made.
   */
  async addFile(file: Readable & { truncated?: boolean }): Promise<void> {
    const dir = join(this.deps.config.DATA_DIR, 'uploads-tmp');
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `${randomUUID()}.share`);
    this.tmp.push(tmp);
    try {
      await pipeline(file, createWriteStream(tmp, { flags: 'wx' }));
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('MEDIA_VIDEO_TOO_LARGE');
      throw err;
    }
    if (file.truncated) throw new AppError('MEDIA_VIDEO_TOO_LARGE');
    const { size } = await stat(tmp);
    if (size === 0) return;
    const key = STASH_KEY(randomUUID());
    this.files.push({ key, bytes: size });
    await this.deps.storage.putFile(key, tmp, 'application/octet-stream');
    await rm(tmp, { force: true });
  }

  get empty(): boolean {
    return this.files.length === 0 && !this.fields.title && !this.fields.text && !this.fields.url;
  }

  /** Keeps what arrived; returns the cookie's value. */
  async save(): Promise<string> {
    const secret = newToken();
    const row = await repo.insertStash(this.deps.db, {
      secretHash: sha256(secret),
      ...this.fields,
      files: this.files,
      createdAt: this.deps.clock.now(),
    });
    return `${row.id}.${secret}`;
  }

  /** Removes whatever was written (a refused or failed share leaves nothing behind). */
  async discard(): Promise<void> {
    await Promise.all([
      ...this.files.map((f) => this.deps.storage.delete(f.key)),
      ...this.tmp.map((p) => rm(p, { force: true })),
    ]);
  }

  async cleanTemp(): Promise<void> {
    await Promise.all(this.tmp.map((p) => rm(p, { force: true })));
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The stash a cookie names, if its secret is right and it is not past its hour. */
async function stashOf(deps: Deps, cookie: string | undefined): Promise<repo.StashRow | null> {
  if (!cookie || cookie.length > 200) return null;
  const [id, secret] = cookie.split('.');
  if (!id || !secret || !UUID.test(id)) return null;
  const row = await repo.findStash(deps.db, id);
  if (!row) return null;
  const given = Buffer.from(sha256(secret));
  const kept = Buffer.from(row.secretHash);
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return null;
  if (row.createdAt.getTime() < deps.clock.now().getTime() - STASH_TTL_MS) return null;
  return row;
}

/**
 * The signed-in member takes what this browser was given to share: each file goes through the
 * upload's checks as if chosen in the composer (a refused one is named by its error code), and the
 * stash and its files are gone afterwards. NOT_FOUND without a valid cookie.
 */
export async function claimShare(deps: Deps, actor: Actor, cookie: string | undefined): Promise<ShareClaimDto> {
  const { userId, role } = requireAccess(actor, 'community.use');
  await requireFeature(deps, { userId, role }, 'community');
  const found = await stashOf(deps, cookie);
  const row = found && (await repo.takeStash(deps.db, found.id));
  if (!row) throw new AppError('NOT_FOUND');
  const media: MediaDto[] = [];
  const errors: string[] = [];
  try {
    for (const file of row.files) {
      const obj = await deps.storage.get(file.key);
      if (!obj) {
        errors.push('MEDIA_UNREADABLE');
        continue;
      }
      try {
        media.push(await upload(deps, actor, obj.body));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push(err.code);
      }
    }
  } finally {
    await deleteStashFiles(deps, row);
  }
  return { title: row.title, text: row.text, url: row.url, media, errors };
}

async function deleteStashFiles(deps: Pick<Deps, 'storage'>, row: repo.StashRow): Promise<void> {
  await Promise.all(row.files.map((f) => deps.storage.delete(f.key)));
}

/** A new share replaces the one this browser had waiting. */
export async function dropShare(deps: Deps, cookie: string | undefined): Promise<void> {
  const found = await stashOf(deps, cookie);
  const row = found && (await repo.takeStash(deps.db, found.id));
  if (row) await deleteStashFiles(deps, row);
}

/** Housekeeping: stashes never claimed within their hour go, with their files. */
export async function sweepShares(deps: Pick<Deps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const rows = await repo.staleStashes(deps.db, new Date(deps.clock.now().getTime() - STASH_TTL_MS), 500);
  for (const row of rows) {
    if (await repo.takeStash(deps.db, row.id)) await deleteStashFiles(deps, row);
  }
  return rows.length;
}
