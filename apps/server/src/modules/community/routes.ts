import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerPrayerSchema,
  commentIdParamsSchema,
  commentSchema,
  createPostSchema,
  feedEventsQuerySchema,
  feedQuerySchema,
  handleParamsSchema,
  handlePostsQuerySchema,
  newCountQuerySchema,
  onOffSchema,
  postIdParamsSchema,
  postMediaParamsSchema,
  reportIdParamsSchema,
  reportSchema,
  updatePostSchema,
} from '@candeia/shared/schemas/community';
import { PassThrough } from 'node:stream';
import { streamSlots } from '../../lib/stream-slots.ts';
import * as community from './service.ts';

/** A comment line keeps idle proxies from closing a feed's stream. */
const PING_MS = 25_000;
/** Posts going out close together make one note: the page asks for the count once. */
const COALESCE_MS = 1_000;
/** Open feed streams one member may hold in one process (a few tabs; not a flood of sockets). */
const STREAMS_PER_MEMBER = 6;

/**
 * The community (SPEC.md §1): feeds, posts, comments, reactions, prayers, members and follows.
 * Everything needs a session and the plan's `community` flag, except reading one post and its
 * comments, which a shared link opens signed out too.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/feed', { schema: { querystring: feedQuerySchema } }, async (req, reply) =>
    (await community.feedBody(deps, req.actor(), req.query)).send(req, reply),
  );
  app.get('/feed/new', { schema: { querystring: newCountQuerySchema } }, async (req) =>
    community.newCount(deps, req.actor(), req.query),
  );
  // The server closing (a deploy, a test's end) ends the open streams; the pages reconnect.
  const open = new Set<PassThrough>();
  const slots = streamSlots(STREAMS_PER_MEMBER);
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });
  // The open feed's stream (server-sent events): "post" when something new may be there.
  app.get(
    '/feed/events',
    { schema: { querystring: feedEventsQuerySchema }, config: { rateLimit: { max: 60, windowMs: 60_000 } } },
    async (req, reply) => {
      const stream = new PassThrough();
      let timer: NodeJS.Timeout | null = null;
      const note = () => {
        if (timer) return;
        timer = setTimeout(() => {
          timer = null;
          if (!stream.writableEnded) stream.write('event: post\ndata: {}\n\n');
        }, COALESCE_MS);
        timer.unref();
      };
      const release = slots.take(req.actor().userId ?? '');
      let stop: () => void;
      try {
        stop = await community.feedEvents(deps, req.actor(), req.query.feed, { post: note, resync: note });
      } catch (err) {
        release();
        throw err;
      }
      const ping = setInterval(() => stream.write(': ping\n\n'), PING_MS);
      ping.unref();
      stream.on('close', () => {
        clearInterval(ping);
        if (timer) clearTimeout(timer);
        stop();
        release();
      });
      open.add(stream);
      stream.on('close', () => open.delete(stream));
      stream.write('retry: 5000\n\n');
      return reply
        .headers({
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        })
        .send(stream);
    },
  );
  app.get('/me', async (req) => community.me(deps, req.actor()));

  app.post('/posts', { schema: { body: createPostSchema } }, async (req, reply) =>
    reply.status(201).send(await community.createPost(deps, req.actor(), req.body)),
  );
  app.get('/posts/:id', { schema: { params: postIdParamsSchema }, config: { access: 'public' } }, async (req) =>
    community.getPost(deps, req.actor(), req.params.id),
  );
  app.get(
    '/posts/:id/media/:mediaId/:variant',
    { schema: { params: postMediaParamsSchema }, config: { access: 'public' } },
    async (req, reply) => community.postMedia(deps, req.actor(), reply, { ...req.params, range: req.headers.range }),
  );
  app.patch('/posts/:id', { schema: { params: postIdParamsSchema, body: updatePostSchema } }, async (req) =>
    community.editPost(deps, req.actor(), req.params.id, req.body),
  );
  app.delete('/posts/:id', { schema: { params: postIdParamsSchema } }, async (req, reply) => {
    await community.deletePost(deps, req.actor(), req.params.id);
    return reply.status(204).send();
  });
  app.post('/posts/:id/answered', { schema: { params: postIdParamsSchema, body: answerPrayerSchema } }, async (req) =>
    community.answerPrayer(deps, req.actor(), req.params.id, req.body),
  );
  app.put('/posts/:id/reaction', { schema: { params: postIdParamsSchema, body: onOffSchema } }, async (req) =>
    community.react(deps, req.actor(), req.params.id, req.body.on),
  );
  app.put('/posts/:id/prayer', { schema: { params: postIdParamsSchema, body: onOffSchema } }, async (req) =>
    community.pray(deps, req.actor(), req.params.id, req.body.on),
  );
  app.get('/posts/:id/prayers', { schema: { params: postIdParamsSchema } }, async (req) =>
    community.prayers(deps, req.actor(), req.params.id),
  );

  app.get(
    '/posts/:id/comments',
    { schema: { params: postIdParamsSchema }, config: { access: 'public' } },
    async (req) => community.comments(deps, req.actor(), req.params.id),
  );
  app.post('/posts/:id/comments', { schema: { params: postIdParamsSchema, body: commentSchema } }, async (req, reply) =>
    reply.status(201).send(await community.addComment(deps, req.actor(), req.params.id, req.body)),
  );
  app.patch(
    '/posts/:id/comments/:commentId',
    { schema: { params: commentIdParamsSchema, body: commentSchema } },
    async (req) => community.editComment(deps, req.actor(), req.params.id, req.params.commentId, req.body),
  );
  app.delete('/posts/:id/comments/:commentId', { schema: { params: commentIdParamsSchema } }, async (req, reply) => {
    await community.deleteComment(deps, req.actor(), req.params.id, req.params.commentId);
    return reply.status(204).send();
  });

  app.get('/members/:handle', { schema: { params: handleParamsSchema } }, async (req) =>
    community.memberPage(deps, req.actor(), req.params.handle),
  );
  app.get(
    '/members/:handle/posts',
    { schema: { params: handleParamsSchema, querystring: handlePostsQuerySchema } },
    async (req) => community.memberPosts(deps, req.actor(), req.params.handle, req.query),
  );
  app.put('/members/:handle/follow', { schema: { params: handleParamsSchema, body: onOffSchema } }, async (req) =>
    community.setFollow(deps, req.actor(), req.params.handle, req.body.on),
  );
  app.get('/members/:handle/followers', { schema: { params: handleParamsSchema } }, async (req) =>
    community.followList(deps, req.actor(), req.params.handle, 'followers'),
  );
  app.get('/members/:handle/following', { schema: { params: handleParamsSchema } }, async (req) =>
    community.followList(deps, req.actor(), req.params.handle, 'following'),
  );

  // Safety: mutes, blocks and reports.
  app.put('/members/:handle/mute', { schema: { params: handleParamsSchema, body: onOffSchema } }, async (req) =>
    community.setMute(deps, req.actor(), req.params.handle, req.body.on),
  );
  app.put('/members/:handle/block', { schema: { params: handleParamsSchema, body: onOffSchema } }, async (req) =>
    community.setBlock(deps, req.actor(), req.params.handle, req.body.on),
  );
  app.get('/relations', async (req) => community.relations(deps, req.actor()));
  app.post('/posts/:id/report', { schema: { params: postIdParamsSchema, body: reportSchema } }, async (req, reply) =>
    reply.status(201).send(await community.report(deps, req.actor(), { postId: req.params.id }, req.body)),
  );
  app.post(
    '/posts/:id/comments/:commentId/report',
    { schema: { params: commentIdParamsSchema, body: reportSchema } },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await community.report(
            deps,
            req.actor(),
            { postId: req.params.id, commentId: req.params.commentId },
            req.body,
          ),
        ),
  );
  app.delete('/reports/:id', { schema: { params: reportIdParamsSchema } }, async (req, reply) => {
    await community.withdrawReport(deps, req.actor(), req.params.id);
    return reply.status(204).send();
  });
};
