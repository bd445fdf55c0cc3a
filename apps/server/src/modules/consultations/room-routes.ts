import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  bookingParamsSchema,
  roomClientMessageSchema,
  type RoomServerMessage,
} from '@candeia/shared/schemas/consultation';
import { channels } from '../../events/channels.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../types.ts';
import * as room from './room.ts';

/** Messages one socket may send in a window (a call's set-up sends a few dozen candidates). */
const BURST = 200;
const BURST_WINDOW_MS = 10_000;
/** How often an open socket checks that its room is still open. */
const CLOSE_CHECK_MS = 30_000;

/** WebSocket close codes the page understands (4000–4999 are the application's). */
export const ROOM_CLOSE = { ended: 4000, closed: 4001, flood: 4029, invalid: 4400 } as const;

/**
 * The consultation room (`/api/consultations/bookings/:id/room`): its page's data, and the
 * socket the two browsers talk through (signalling for the call, the chat, joins and the end).
 * A socket may be in any server process: each event is a row, announced on the event bus, and
 * every socket of the room forwards the rows after the last one it forwarded (so a note lost
 * while the bus reconnects is read anyway).
 */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const open = new Set<WebSocket>();
  app.addHook('preClose', async () => {
    for (const socket of open) socket.close(1001, 'server closing');
  });

  app.get('/bookings/:id/room', { schema: { params: bookingParamsSchema } }, async (req) =>
    room.roomInfo(deps, req.actor(), req.params.id),
  );

  app.get(
    '/bookings/:id/room/socket',
    {
      websocket: true,
      schema: { params: bookingParamsSchema },
      config: { rateLimit: { max: 120, windowMs: 60_000 } },
      // Before the upgrade: a cookie-authenticated socket opened from another site is refused
      // (cross-site WebSocket hijacking), and so is anyone but the two, or a closed room.
      preHandler: async (req) => {
        const origin = req.headers.origin;
        if (!origin || origin !== new URL(deps.config.APP_URL).origin) throw new AppError('CSRF_REJECTED');
        (req as unknown as { roomSession: room.RoomSession }).roomSession = await room.enterRoom(
          deps,
          req.actor(),
          req.params.id,
        );
      },
    },
    async (socket, req) => {
      const session = (req as unknown as { roomSession: room.RoomSession }).roomSession;
      open.add(socket);
      await serve(deps, socket, session, req.log).catch((err: unknown) => {
        req.log.warn({ err }, 'consultation room socket failed');
        socket.close(1011, 'error');
      });
    },
  );
};

async function serve(deps: Deps, socket: WebSocket, s: room.RoomSession, log: { warn(o: object, m: string): void }) {
  const connection = randomUUID();
  const send = (msg: RoomServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
  };
  let last = await room.lastRoomEventId(deps.db, s.consultationId);
  let draining = Promise.resolve();
  let closed = false;
  // Forwards what happened after `last`, one drain at a time, in order.
  const drain = () => {
    draining = draining
      .then(async () => {
        for (;;) {
          const rows = await room.roomEventsAfter(deps.db, s.consultationId, last);
          for (const row of rows) {
            last = row.id;
            const fromPeer = row.fromUser !== s.userId;
            switch (row.kind) {
              case 'chat':
                send({ type: 'chat', message: room.messageDto(row, s.userId) });
                break;
              case 'signal':
                if (fromPeer) send({ type: 'signal', ...(row.payload as object) });
                break;
              case 'join':
                if (fromPeer) send({ type: 'peer-joined' });
                break;
              case 'here':
                if (fromPeer) send({ type: 'peer-here' });
                break;
              case 'leave':
                if (fromPeer) send({ type: 'peer-left' });
                break;
              case 'end':
                send({ type: 'ended' });
                socket.close(ROOM_CLOSE.ended, 'ended');
                return;
            }
          }
          if (rows.length < 500) return;
        }
      })
      .catch((err: unknown) => log.warn({ err }, 'consultation room drain failed'));
    return draining;
  };
  const unsubscribe = await deps.events.subscribe(channels.consultationRoom(s.consultationId), () => void drain(), {
    resync: () => void drain(),
  });
  const check = setInterval(() => {
    if (deps.clock.now() >= s.closesAt) socket.close(ROOM_CLOSE.closed, 'closed');
  }, CLOSE_CHECK_MS);
  check.unref();

  let handling = Promise.resolve();
  let windowStart = Date.now();
  let count = 0;
  socket.on('message', (data, isBinary) => {
    if (closed) return;
    const now = Date.now();
    if (now - windowStart > BURST_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    if (++count > BURST) {
      socket.close(ROOM_CLOSE.flood, 'too many messages');
      return;
    }
    let parsed;
    try {
      parsed = isBinary ? null : roomClientMessageSchema.safeParse(JSON.parse(data.toString()));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      send({ type: 'error', code: 'VALIDATION_INVALID_FORMAT' });
      return;
    }
    const msg = parsed.data;
    const act = async () => {
      if (deps.clock.now() >= s.closesAt) {
        socket.close(ROOM_CLOSE.closed, 'closed');
        return;
      }
      switch (msg.type) {
        case 'ping':
          send({ type: 'pong' });
          return;
        case 'signal':
          await room.post(deps, s, connection, 'signal', {
            ...(msg.description ? { description: msg.description } : {}),
            ...(msg.candidate !== undefined ? { candidate: msg.candidate } : {}),
          });
          return;
        case 'chat':
          await room.post(deps, s, connection, 'chat', { text: msg.text, name: s.name });
          return;
        case 'here':
          await room.post(deps, s, connection, 'here');
          return;
        case 'end':
          await room.endRoom(deps, s, connection);
          return;
      }
    };
    // One message after the other, in the order they came: an offer must not overtake the
    // "here" sent before it (the other side sets its call up on "here").
    handling = handling.then(act).catch((err: unknown) => {
      log.warn({ err }, 'consultation room message failed');
      send({ type: 'error', code: 'SERVER_ERROR' });
    });
  });

  socket.on('close', () => {
    closed = true;
    clearInterval(check);
    unsubscribe();
    room.post(deps, s, connection, 'leave').catch(() => undefined);
  });

  send({ type: 'ready', role: s.role });
  await room.post(deps, s, connection, 'join');
}
