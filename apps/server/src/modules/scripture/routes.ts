import type { FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chapterParamsSchema,
  createFavouriteSchema,
  createNoteSchema,
  idParamsSchema,
  listAnnotationsQuerySchema,
  positionQuerySchema,
  positionSchema,
  searchQuerySchema,
  updateNoteSchema,
} from '@candeia/shared/schemas/scripture';
import type { Serialized } from './cache.ts';
import { warmUpReferenceParsers } from './references.ts';
import { search } from './search.ts';
import * as scripture from './service.ts';
import { themes, verseOfTheDay } from './themes.ts';

/**
 * The sacred texts themselves (catalogue, books, chapters) are public content, served from
 * memory with an ETag; browsers and proxies may keep them for five minutes. The /bible screen
 * stays behind the access gate, and everything that is the reader's own (favourites, notes,
 * position) needs a session and the plan's `bible` flag.
 */
const CONTENT_CACHE_CONTROL = 'public, max-age=300';

function sendContent(req: FastifyRequest, reply: FastifyReply, content: Serialized) {
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === content.etag))
    return reply.code(304).headers({ 'cache-control': CONTENT_CACHE_CONTROL, etag: content.etag }).send();
  return reply
    .headers({
      'cache-control': CONTENT_CACHE_CONTROL,
      etag: content.etag,
      'content-type': 'application/json; charset=utf-8',
    })
    .send(content.body);
}

/**
 * The chapter route's parameters, checked first by a plain test of what chapterParamsSchema
 * accepts in its usual form ("kjv", "John", "3"); anything else goes through the schema itself,
 * which also words the errors. Saves the schema's cost on the reader's hot path.
 */
const CHAPTER_PARAMS = { textId: /^[a-z0-9-]{1,64}$/, book: /^[A-Za-z0-9-]{1,32}$/, chapter: /^[1-9][0-9]{0,3}$/ };
const chapterParamsCompiler: typeof validatorCompiler = (route) => {
  const full = validatorCompiler(route);
  return (data: unknown) => {
    const p = data as Record<string, unknown>;
    if (
      p &&
      Object.keys(p).length === 3 &&
      typeof p.textId === 'string' &&
      typeof p.book === 'string' &&
      typeof p.chapter === 'string' &&
      CHAPTER_PARAMS.textId.test(p.textId) &&
      CHAPTER_PARAMS.book.test(p.book) &&
      CHAPTER_PARAMS.chapter.test(p.chapter) &&
      Number(p.chapter) <= 1000
    )
      return { value: { textId: p.textId, book: p.book, chapter: Number(p.chapter) } };
    return full(data);
  };
};

const textParamsSchema = chapterParamsSchema.pick({ textId: true });
const PUBLIC = { access: 'public' } as const;

export const scriptureRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // The reference parsers compile their grammars on first use: do it before the first search.
  app.addHook('onListen', async () => {
    setImmediate(warmUpReferenceParsers);
  });

  app.get('/catalogue', { config: PUBLIC }, async (req, reply) =>
    sendContent(req, reply, await scripture.catalogue(deps)),
  );

  app.get('/texts/:textId/books', { schema: { params: textParamsSchema }, config: PUBLIC }, async (req, reply) =>
    sendContent(req, reply, await scripture.books(deps, req.params.textId)),
  );

  app.get(
    '/texts/:textId/books/:book/chapters/:chapter',
    {
      schema: { params: chapterParamsSchema },
      // Fastify types a route's compiler by the whole schema object; it is called per part.
      validatorCompiler: chapterParamsCompiler as never,
      config: PUBLIC,
    },
    async (req, reply) => sendContent(req, reply, await scripture.chapter(deps, req.params)),
  );

  app.get(
    '/texts/:textId/books/:book/chapters/:chapter/annotations',
    { schema: { params: chapterParamsSchema } },
    async (req) => scripture.chapterAnnotations(deps, req.actor(), req.params),
  );

  app.get('/search', { schema: { querystring: searchQuerySchema } }, async (req) =>
    search(deps, req.actor(), req.query),
  );

  app.get('/favourites', { schema: { querystring: listAnnotationsQuerySchema } }, async (req) =>
    scripture.listFavourites(deps, req.actor(), req.query),
  );

  app.post('/favourites', { schema: { body: createFavouriteSchema } }, async (req, reply) => {
    const { favourite, created } = await scripture.addFavourite(deps, req.actor(), req.body);
    return reply.status(created ? 201 : 200).send(favourite);
  });

  app.delete('/favourites/:id', { schema: { params: idParamsSchema } }, async (req, reply) => {
    await scripture.removeFavourite(deps, req.actor(), req.params.id);
    return reply.status(204).send();
  });

  app.get('/notes', { schema: { querystring: listAnnotationsQuerySchema } }, async (req) =>
    scripture.listNotes(deps, req.actor(), req.query),
  );

  app.post('/notes', { schema: { body: createNoteSchema } }, async (req, reply) =>
    reply.status(201).send(await scripture.addNote(deps, req.actor(), req.body)),
  );

  app.patch('/notes/:id', { schema: { params: idParamsSchema, body: updateNoteSchema } }, async (req) =>
    scripture.editNote(deps, req.actor(), req.params.id, req.body),
  );

  app.delete('/notes/:id', { schema: { params: idParamsSchema } }, async (req, reply) => {
    await scripture.removeNote(deps, req.actor(), req.params.id);
    return reply.status(204).send();
  });

  app.get('/position', { schema: { querystring: positionQuerySchema } }, async (req, reply) =>
    // null is a valid answer ("nowhere yet"), sent as JSON.
    reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(await scripture.getPosition(deps, req.actor(), req.query))),
  );

  app.put('/position', { schema: { body: positionSchema } }, async (req) =>
    scripture.savePosition(deps, req.actor(), req.body),
  );

  app.get('/themes', async (req) => themes(deps, req.actor()));

  app.get('/verse-of-the-day', async (req) => verseOfTheDay(deps, req.actor()));
};
