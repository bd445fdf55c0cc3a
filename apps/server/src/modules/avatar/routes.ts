import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_AUDIO_MAX_BYTES,
  avatarAdminCounsellorSchema,
  avatarMessageSchema,
  avatarParamsSchema,
  avatarRatingSchema,
  avatarSessionParamsSchema,
  avatarSessionsQuerySchema,
  avatarSpeechSchema,
  startAvatarSessionSchema,
  type AvatarEvent,
} from '@candeia/shared/schemas/avatar';
import { AppError } from '../../lib/app-error.ts';
import { sendEventStream } from '../../lib/event-stream.ts';
import { chatEngine } from '../chat/index.ts';
import type { LiveReply } from './live.ts';
import { AvatarService, avatarAdmin, setAvatarAvailable } from './service.ts';
import { RECORDING_TYPES, speak, transcribe } from './speech.ts';

/** Session starts per hour (per IP): each spends weekly credits, so a loop is refused early. */
const STARTS_PER_HOUR = { max: 60, windowMs: 3_600_000 };
/** Speech requests per minute (per IP): a spoken answer is a few sentences. */
const SPEECH_PER_MINUTE = { max: 90, windowMs: 60_000 };

/** Sends an answer as Server-Sent Events until its `done`; the browser leaving does not stop it. */
function sendEvents(reply: FastifyReply, live: LiveReply) {
  return sendEventStream<AvatarEvent>(reply, (write, end) =>
    live.attach((e) => {
      write(e);
      if (e.type === 'done') end();
    }),
  );
}

/** Avatar live sessions (SPEC.md §1): the gallery, favourites, sessions, answers, speech. Every route needs a session. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const avatar = new AvatarService(app.deps, chatEngine(app.deps.config), app.log);
  app.addHook('preClose', () => avatar.close());

  // A recording (server speech): the raw audio, within its limit.
  app.addContentTypeParser(/^audio\//, { parseAs: 'buffer', bodyLimit: AVATAR_AUDIO_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );

  const firstName = (req: { auth: { firstName: string } | null }) => req.auth?.firstName ?? '';

  app.get('/counsellors', async (req) => avatar.gallery(req.actor()));

  app.put('/counsellors/:avatarId/favorite', { schema: { params: avatarParamsSchema } }, async (req, reply) => {
    await avatar.setFavorite(req.actor(), req.params.avatarId, true);
    return reply.status(204).send();
  });
  app.delete('/counsellors/:avatarId/favorite', { schema: { params: avatarParamsSchema } }, async (req, reply) => {
    await avatar.setFavorite(req.actor(), req.params.avatarId, false);
    return reply.status(204).send();
  });

  app.post(
    '/sessions',
    { schema: { body: startAvatarSessionSchema }, config: { rateLimit: STARTS_PER_HOUR } },
    async (req, reply) => {
      reply.code(201);
      return avatar.start(req.actor(), firstName(req), req.body);
    },
  );
  app.get('/sessions', { schema: { querystring: avatarSessionsQuerySchema } }, async (req) =>
    avatar.list(req.actor(), req.query.page),
  );
  app.get('/sessions/:sessionId', { schema: { params: avatarSessionParamsSchema } }, async (req) =>
    avatar.get(req.actor(), req.params.sessionId),
  );
  app.post(
    '/sessions/:sessionId/messages',
    { schema: { params: avatarSessionParamsSchema, body: avatarMessageSchema } },
    async (req, reply) => {
      const live = await avatar.say(req.actor(), firstName(req), req.params.sessionId, req.body);
      return sendEvents(reply, live);
    },
  );
  app.post('/sessions/:sessionId/stop', { schema: { params: avatarSessionParamsSchema } }, async (req, reply) => {
    await avatar.stop(req.actor(), req.params.sessionId);
    return reply.status(204).send();
  });
  app.post('/sessions/:sessionId/end', { schema: { params: avatarSessionParamsSchema } }, async (req) =>
    avatar.end(req.actor(), req.params.sessionId),
  );
  app.post(
    '/sessions/:sessionId/rating',
    { schema: { params: avatarSessionParamsSchema, body: avatarRatingSchema } },
    async (req) => avatar.rate(req.actor(), req.params.sessionId, req.body.rating),
  );

  // Server speech (AI_SPEECH): a recording in, its words out; a sentence in, its audio out.
  app.post(
    '/sessions/:sessionId/transcribe',
    { schema: { params: avatarSessionParamsSchema }, config: { rateLimit: SPEECH_PER_MINUTE } },
    async (req) => {
      const { language } = await avatar.running(req.actor(), req.params.sessionId);
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (!RECORDING_TYPES[type] || !Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      if (req.body.length === 0) throw new AppError('VALIDATION_REQUIRED_FIELD');
      return { text: await transcribe(app.deps.config, req.body, type, language) };
    },
  );
  app.post(
    '/sessions/:sessionId/speech',
    {
      schema: { params: avatarSessionParamsSchema, body: avatarSpeechSchema },
      config: { rateLimit: SPEECH_PER_MINUTE },
    },
    async (req, reply) => {
      const { gender } = await avatar.running(req.actor(), req.params.sessionId);
      const audio = await speak(app.deps.config, req.body.text, gender);
      return reply
        .headers({ 'content-type': audio.type, 'cache-control': 'no-store' })
        .send(Readable.fromWeb(audio.body as NodeReadableStream<Uint8Array>));
    },
  );
};

/** The administrator's view of avatar usage, and each counsellor's availability. */
export const avatarAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', async (req) => avatarAdmin(app.deps, req.actor()));
  app.patch(
    '/counsellors/:avatarId',
    { schema: { params: avatarParamsSchema, body: avatarAdminCounsellorSchema } },
    async (req, reply) => {
      await setAvatarAvailable(app.deps, req.actor(), req.params.avatarId, req.body.isAvailable);
      return reply.status(204).send();
    },
  );
};
