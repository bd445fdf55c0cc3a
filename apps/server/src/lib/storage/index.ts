import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { ObjectStorage } from './types.ts';

export { LocalStorage } from './local.ts';
export { S3Storage, type S3Settings } from './s3.ts';
export { contentTypeOf } from './content-types.ts';
export { parseRange, sendObject } from './serve.ts';
export { assertKey, type ByteRange, type ObjectInfo, type ObjectRead, type ObjectStorage } from './types.ts';

/** S3-compatible storage when S3_BUCKET is set, else the local disk under DATA_DIR/media. */
export function createStorage(config: Config): ObjectStorage {
  if (config.S3_BUCKET) {
    // loadConfig refuses S3_BUCKET without both keys; this says so to the type-checker too.
    if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)
      throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalStorage(config.MEDIA_DIR || join(config.DATA_DIR, 'media'));
}
