import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatIdParamsSchema,
  listConversationsQuerySchema,
  renameConversationSchema,
  sendMessageSchema,
  type ChatEvent,
} from '@candeia/shared/schemas/chat';
import type { Config } from '../../config.ts';
import { sendEventStream } from '../../lib/event-stream.ts';
import type { Actor } from '../../types.ts';
import type { ChatEngine } from './engine.ts';
import { GuideEngine } from './guide/guide-engine.ts';
import type { AnswerFeed } from './live.ts';
import { OpenAiEngine } from './openai-engine.ts';
import { ChatService } from './service.ts';
import { requireAccess } from '../../lib/access.ts';

/**
 * Sends an answer as Server-Sent Events: `first` (the start event), then everything the answer
 * emits until `done`. The browser leaving does not stop the answer, only this stream of it.
 */
function sendEvents(reply: FastifyReply, answer: AnswerFeed, first: ChatEvent | null, catchUp: boolean) {
  return sendEventStream<ChatEvent>(reply, (write, end) => {
    if (first) write(first);
    return answer.attach(
      (e) => {
        write(e);
        if (e.type === 'done') end();
      },
      catchUp,
      end,
    );
  });
}

export function chatEngine(config: Config): ChatEngine {
  return config.AI_BASE_URL
    ? new OpenAiEngine({
        baseURL: config.AI_BASE_URL,
        apiKey: config.AI_API_KEY,
        model: config.AI_MODEL,
        timeoutMs: config.AI_TIMEOUT_MS,
      })
    : new GuideEngine({ paceMs: config.AI_STREAM_PACE_MS });
}

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = new ChatService(app.deps, chatEngine(app.deps.config), app.log);
  // Answers being written are finished (or stopped) before the database goes away.
  app.addHook('preClose', () => chat.close());

  const user = (req: { actor(): Actor }) => requireAccess(req.actor(), 'chat.use');

  app.get('/conversations', { schema: { querystring: listConversationsQuerySchema } }, async (req) =>
    chat.list(user(req), req.query.page),
  );

  app.get('/conversations/:id', { schema: { params: chatIdParamsSchema } }, async (req) =>
    chat.get(user(req), req.params.id),
  );

  app.patch(
    '/conversations/:id',
    { schema: { params: chatIdParamsSchema, body: renameConversationSchema } },
    async (req) => chat.rename(user(req), req.params.id, req.body.title),
  );

  app.delete('/conversations/:id', { schema: { params: chatIdParamsSchema } }, async (req, reply) => {
    await chat.remove(user(req), req.params.id);
    return reply.status(204).send();
  });

  app.post('/messages', { schema: { body: sendMessageSchema } }, async (req, reply) => {
    const { start, answer } = await chat.send(user(req), req.auth?.firstName ?? '', req.body);
    return sendEvents(reply, answer, start, true);
  });

  app.post('/conversations/:id/regenerate', { schema: { params: chatIdParamsSchema } }, async (req, reply) => {
    const { start, answer } = await chat.regenerate(user(req), req.auth?.firstName ?? '', req.params.id);
    return sendEvents(reply, answer, start, true);
  });

  app.post('/messages/:id/stop', { schema: { params: chatIdParamsSchema } }, async (req) =>
    chat.stop(user(req), req.params.id),
  );

  app.get('/messages/:id/stream', { schema: { params: chatIdParamsSchema } }, async (req, reply) => {
    const answer = await chat.follow(user(req), req.params.id);
    return sendEvents(reply, answer, null, true);
  });
};
