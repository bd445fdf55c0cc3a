import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationParamsSchema,
  notificationPreferencesSchema,
  notificationsQuerySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type NotificationEvent,
} from '@candeia/shared/schemas/notifications';
import { AppError } from '../../lib/app-error.ts';
import { sendEventStream } from '../../lib/event-stream.ts';
import { streamSlots } from '../../lib/stream-slots.ts';
import * as notifications from './service.ts';

/** Notes close together (a burst of reactions) make one count. */
const COALESCE_MS = 300;
/** Read marks per minute (per address): far above a person's taps, below a loop's. */
const READS_PER_MINUTE = { max: 300, windowMs: 60_000 };
/** Open bell streams one member may hold in one process (a few tabs; not a flood of sockets). */
const STREAMS_PER_MEMBER = 8;
/** Choices saved and devices (un)subscribed per minute (per address). */
const CHANGES_PER_MINUTE = { max: 60, windowMs: 60_000 };

/** Refuses a query on a route that takes none (an empty strict schema is not enforced by Fastify). */
function noQuery(query: unknown): void {
  if (Object.keys(query ?? {}).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT');
}

/** A member's notifications (the bell, /notifications). Every route needs a session. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('', { schema: { querystring: notificationsQuerySchema } }, async (req) =>
    notifications.list(deps, req.actor(), req.query.before),
  );
  app.get('/unread', { config: { touch: false } }, async (req) => notifications.unreadCount(deps, req.actor()));
  app.post('/read-all', { config: { rateLimit: READS_PER_MINUTE } }, async (req) =>
    notifications.markAllRead(deps, req.actor()),
  );
  app.post(
    '/:id/read',
    { schema: { params: notificationParamsSchema }, config: { rateLimit: READS_PER_MINUTE } },
    async (req) => notifications.markRead(deps, req.actor(), req.params.id),
  );

  // What reaches the member, and how (decision 027).
  app.get('/preferences', async (req) => {
    noQuery(req.query);
    return notifications.preferences(deps, req.actor());
  });
  app.put(
    '/preferences',
    { schema: { body: notificationPreferencesSchema }, config: { rateLimit: CHANGES_PER_MINUTE } },
    async (req) => {
      noQuery(req.query);
      return notifications.setPreferences(deps, req.actor(), req.body);
    },
  );
  app.get('/push/key', async (req) => {
    noQuery(req.query);
    return notifications.pushKey(deps, req.actor());
  });
  app.post(
    '/push/subscriptions',
    { schema: { body: pushSubscriptionSchema }, config: { rateLimit: CHANGES_PER_MINUTE } },
    async (req, reply) => {
      noQuery(req.query);
      return reply.status(201).send(await notifications.subscribe(deps, req.actor(), req.body));
    },
  );
  app.post(
    '/push/unsubscribe',
    { schema: { body: pushUnsubscribeSchema }, config: { rateLimit: CHANGES_PER_MINUTE } },
    async (req) => {
      noQuery(req.query);
      return notifications.unsubscribe(deps, req.actor(), req.body.endpoint);
    },
  );

  // The server closing (a deploy, a test's end) ends the open streams; the bells reconnect.
  const open = new Set<() => void>();
  const slots = streamSlots(STREAMS_PER_MEMBER);
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  // The bell's stream (server-sent events): the unread count at once, then each time it changes.
  app.get('/events', { config: { touch: false, rateLimit: { max: 60, windowMs: 60_000 } } }, async (req, reply) => {
    // It takes no query: anything in one is refused, not read.
    noQuery(req.query);
    const actor = req.actor();
    const release = slots.take(actor.userId ?? '');
    let send: ((e: NotificationEvent) => void) | null = null;
    let timer: NodeJS.Timeout | null = null;
    const count = async () => {
      const { unread } = await notifications.unreadCount(deps, actor);
      send?.({ type: 'count', unread });
    };
    const changed = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        count().catch((err: unknown) => req.log.warn({ err }, 'notification count failed'));
      }, COALESCE_MS);
      timer.unref();
    };
    let stop: () => void;
    try {
      stop = await notifications.watch(deps, actor, changed);
    } catch (err) {
      release();
      throw err;
    }
    return sendEventStream<NotificationEvent>(reply, (write, end) => {
      send = write;
      open.add(end);
      // The count as it is now: anything added before the subscription is in it.
      count().catch((err: unknown) => req.log.warn({ err }, 'notification count failed'));
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
