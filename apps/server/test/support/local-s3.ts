import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** A local S3 server (s3rver) on a free port, with one empty bucket; its own access keys. */
export async function startLocalS3(bucket = 'candeia-media') {
  const directory = mkdtempSync(join(tmpdir(), 'candeia-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
