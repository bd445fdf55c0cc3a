import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentTypeOf } from './content-types.ts';
import { assertKey, type ByteRange, type ObjectInfo, type ObjectRead, type ObjectStorage } from './types.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local server in the tests); AWS's own when unset. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Prepended to every key, to share a bucket with other things. */
  prefix: string;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** Media in an S3-compatible bucket: the same contract as the local disk (storage/types.ts). */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: S3-compatible servers do not all take the
      // chunked uploads with trailing checksums the SDK otherwise sends.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string): string {
    assertKey(key);
    return this.settings.prefix + key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(key),
        Body: createReadStream(path),
        ContentType: contentType,
        ContentLength: size,
      }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? contentTypeOf(key) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // The whole size: from Content-Range (bytes a-b/size) when a part was asked for.
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : (out.ContentLength ?? 0);
      return {
        size: total,
        contentType: out.ContentType ?? contentTypeOf(key),
        body: out.Body as Readable,
        range,
      };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
