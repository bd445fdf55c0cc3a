import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { contentTypeOf } from './content-types.ts';
import { assertKey, type ByteRange, type ObjectInfo, type ObjectRead, type ObjectStorage } from './types.ts';

/**
 * Media on the local disk, under `root` (DATA_DIR/media by default): outside the web root,
 * under the server's own names. A write goes to a temporary file beside the target and is
 * renamed over it, so a reader sees the old file or the whole new one.
 */
export class LocalStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }

  private async atomically(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    return this.atomically(key, (tmp) => writeFile(tmp, body));
  }

  putFile(key: string, path: string, _contentType?: string): Promise<void> {
    return this.atomically(key, (tmp) => copyFile(path, tmp));
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, contentType: contentTypeOf(key) } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    const info = await this.head(key);
    if (!info) return null;
    const body = createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
    return { ...info, body, range };
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
