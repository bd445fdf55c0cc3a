import { AppError } from '../../lib/app-error.ts';

/** @fastify/multipart's refusals of a request's shape (not of the file's size). */
const SHAPE_ERRORS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PROTO_VIOLATION']);

/** Too many parts, files or fields for the route (they carry a 413 of their own). */
export function multipartShapeError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && SHAPE_ERRORS.has(code);
}

/**
 * A multipart body that could not be read (no boundary, cut short, a broken part header): the
 * sender's fault, answered 400, never a server error.
 */
export function malformedMultipart(err: unknown): boolean {
  if (err instanceof AppError || typeof (err as { statusCode?: unknown })?.statusCode === 'number') return false;
  return /multipart|boundary|part header|malformed|unexpected end/i.test(String((err as Error)?.message));
}
