import type { FastifyReply } from 'fastify';
import { AppError } from '../app-error.ts';
import type { ByteRange, ObjectStorage } from './types.ts';

/**
 * Reads one `Range: bytes=…` header against an object's size: the range to send, 'invalid'
 * when it cannot be met (416), or undefined for the whole object (no header, or a form we do not
 * serve in parts, such as several ranges: RFC 9110 lets a server ignore Range).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'invalid' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (size === 0) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    // The last N bytes.
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (start >= size || end < start) return 'invalid';
  }
  return { start, end };
}

/**
 * Sends a stored object with its type, `nosniff`, a long cache (keys are never reused) and
 * range requests (video seeking on phones needs 206). NOT_FOUND when it is not there.
 */
export async function sendObject(
  reply: FastifyReply,
  storage: ObjectStorage,
  key: string,
  rangeHeader: string | undefined,
): Promise<FastifyReply> {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Cache-Control', 'private, max-age=31536000, immutable');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  const info = await storage.head(key);
  if (!info) throw new AppError('NOT_FOUND');
  const range = parseRange(rangeHeader, info.size);
  if (range === 'invalid') {
    return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
  }
  const object = await storage.get(key, range);
  if (!object) throw new AppError('NOT_FOUND');
  reply.type(object.contentType);
  if (range) {
    reply.code(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    reply.header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', object.size);
  }
  return reply.send(object.body);
}
