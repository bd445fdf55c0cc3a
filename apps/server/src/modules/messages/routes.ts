import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  blockSchema,
  conversationParamsSchema,
  conversationsQuerySchema,
  messageParamsSchema,
  messageReportParamsSchema,
  reachQuerySchema,
  readSchema,
  reportMessageSchema,
  resolveMessageReportSchema,
  sendMessageSchema,
  startConversationSchema,
  threadQuerySchema,
  type MessageEvent,
} from '@candeia/shared/schemas/messages';
import type { MessagesNote } from '../../events/channels.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendEventStream } from '../../lib/event-stream.ts';
import { streamSlots } from '../../lib/stream-slots.ts';
import * as messages from './service.ts';

/** Notes close together (a burst of messages) make one event per conversation, and one count. */
const COALESCE_MS = 150;
/** Read marks per minute (per address): far above a person's reading, below a loop's. */
const READS_PER_MINUTE = { max: 300, windowMs: 60_000 };
/** Open message streams one member may hold in one process (a few tabs; not a flood of sockets). */
const STREAMS_PER_MEMBER = 8;

/** A member's conversations (/messages). Every route needs a session; someone else's conversation is not found. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/conversations', { schema: { querystring: conversationsQuerySchema } }, async (req) =>
    messages.list(deps, req.actor(), req.query.before),
  );
  app.post('/conversations', { schema: { body: startConversationSchema } }, async (req, reply) => {
    const { conversation, created } = await messages.start(deps, req.actor(), req.body);
    return reply.status(created ? 201 : 200).send(conversation);
  });
  app.get('/reach', { schema: { querystring: reachQuerySchema } }, async (req) =>
    messages.reach(deps, req.actor(), req.query),
  );
  app.get('/unread', { config: { touch: false } }, async (req) => {
    if (Object.keys(req.query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
    return messages.unreadCount(deps, req.actor());
  });
  app.get('/conversations/:id', { schema: { params: conversationParamsSchema } }, async (req) => {
    if (Object.keys(req.query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
    return messages.conversation(deps, req.actor(), req.params.id);
  });
  app.get(
    '/conversations/:id/messages',
    { schema: { params: conversationParamsSchema, querystring: threadQuerySchema } },
    async (req) => messages.thread(deps, req.actor(), req.params.id, req.query.before),
  );
  app.post(
    '/conversations/:id/messages',
    { schema: { params: conversationParamsSchema, body: sendMessageSchema } },
    async (req, reply) => {
      const { message, created } = await messages.send(deps, req.actor(), req.params.id, req.body);
      return reply.status(created ? 201 : 200).send(message);
    },
  );
  app.post(
    '/conversations/:id/read',
    { schema: { params: conversationParamsSchema, body: readSchema }, config: { rateLimit: READS_PER_MINUTE } },
    async (req) => messages.markRead(deps, req.actor(), req.params.id, req.body.upTo),
  );
  app.put(
    '/conversations/:id/block',
    { schema: { params: conversationParamsSchema, body: blockSchema } },
    async (req) => messages.setBlock(deps, req.actor(), req.params.id, req.body.on),
  );
  app.post(
    '/conversations/:id/messages/:messageId/report',
    { schema: { params: messageParamsSchema, body: reportMessageSchema } },
    async (req, reply) =>
      reply.status(201).send(await messages.report(deps, req.actor(), req.params.id, req.params.messageId, req.body)),
  );

  // The server closing (a deploy, a test's end) ends the open streams; the tabs reconnect.
  const open = new Set<() => void>();
  const slots = streamSlots(STREAMS_PER_MEMBER);
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  // A tab's stream (server-sent events): the unread count at once and when it changes, and each
  // change in one of the member's conversations (a message, a read mark, a block).
  app.get('/events', { config: { touch: false, rateLimit: { max: 60, windowMs: 60_000 } } }, async (req, reply) => {
    // It takes no query: anything in one is refused, not read.
    if (Object.keys(req.query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
    const actor = req.actor();
    const release = slots.take(actor.userId ?? '');
    let send: ((e: MessageEvent) => void) | null = null;
    let timer: NodeJS.Timeout | null = null;
    const pending = new Map<string, MessagesNote['kind']>();
    let recount = false;
    const count = async () => {
      const { unread } = await messages.unreadCount(deps, actor);
      send?.({ type: 'count', unread });
    };
    const flush = () => {
      timer = null;
      for (const [conversationId, kind] of pending) send?.({ type: 'conversation', conversationId, kind });
      pending.clear();
      if (recount) {
        recount = false;
        count().catch((err: unknown) => req.log.warn({ err }, 'message count failed'));
      }
    };
    const later = () => {
      if (timer) return;
      timer = setTimeout(flush, COALESCE_MS);
      timer.unref();
    };
    const onNote = (note: MessagesNote) => {
      // A message outranks a read mark or a block in the same moment: the tab reads it all again.
      const was = pending.get(note.conversationId);
      pending.set(note.conversationId, was === 'message' ? was : note.kind);
      if (note.kind !== 'block') recount = true;
      later();
    };
    const resync = () => {
      send?.({ type: 'resync' });
      recount = true;
      later();
    };
    let stop: () => void;
    try {
      stop = await messages.watch(deps, actor, onNote, resync);
    } catch (err) {
      release();
      throw err;
    }
    return sendEventStream<MessageEvent>(reply, (write, end) => {
      send = write;
      open.add(end);
      // The count as it is now: anything written before the subscription is in it.
      count().catch((err: unknown) => req.log.warn({ err }, 'message count failed'));
      return () => {
        send = null;
        open.delete(end);
        if (timer) clearTimeout(timer);
        stop();
        release();
      };
    });
  });
};

/**
 * Reported messages, for administrators: registered inside the admin plugin under /messages
 * (/api/admin/messages/…), which makes every route admin-only.
 */
export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get('/reports', async (req) => {
    if (Object.keys(req.query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
    return messages.openReports(deps, req.actor());
  });
  app.post(
    '/reports/:id/resolve',
    { schema: { params: messageReportParamsSchema, body: resolveMessageReportSchema } },
    async (req, reply) => {
      await messages.resolveReport(deps, req.actor(), req.params.id, req.body.action);
      return reply.status(204).send();
    },
  );
};
