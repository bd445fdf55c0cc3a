import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaFileParamsSchema, mediaIdParamsSchema, VIDEO_MAX_BYTES } from '@candeia/shared/schemas/media';
import { AppError } from '../../lib/app-error.ts';
import { malformedMultipart, multipartShapeError } from './multipart.ts';
import * as media from './service.ts';

/**
 * Uploads (`POST /api/media`, one file per request, multipart), taking one back before it is
 * posted, and the member's own uploads for the composer. Posted media are served with their post
 * by the community.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // Multipart in this scope only (every other route takes JSON alone): one file, no other
  // field, cut at the largest allowed size (a video's; a photo's smaller limit is checked after).
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    uploads.post(
      '/',
      { prefixTrailingSlash: 'no-slash', config: { rateLimit: { max: 120, windowMs: 60 * 60 * 1000 } } },
      async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        try {
          const part = await req.file();
          if (!part) throw new AppError('MEDIA_UNREADABLE');
          return reply.status(201).send(await media.upload(deps, req.actor(), part.file));
        } catch (err) {
          throw multipartShapeError(err) || malformedMultipart(err) ? new AppError('MEDIA_UNREADABLE') : err;
        }
      },
    );
  });

  app.delete('/:id', { schema: { params: mediaIdParamsSchema } }, async (req, reply) => {
    await media.discard(deps, req.actor(), req.params.id);
    return reply.status(204).send();
  });
  app.get('/:id/:variant', { schema: { params: mediaFileParamsSchema } }, async (req, reply) =>
    media.sendOwn(deps, req.actor(), reply, req.params.id, req.params.variant, req.headers.range),
  );
};
