import { createHmac } from 'node:crypto';
import {
  ROOM_CLOSES_AFTER_MINUTES,
  ROOM_OPENS_MINUTES,
  type IceServerDto,
  type RoomDto,
  type RoomMessageDto,
} from '@candeia/shared/schemas/consultation';
import type { Config } from '../../config.ts';
import { channels } from '../../events/channels.ts';
import { requireAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import * as repo from './repository.ts';
import * as rooms from './room-repository.ts';
import { bookingDto } from './service.ts';

const MINUTE = 60_000;

/** Who is in a room, as its socket knows them. */
export interface RoomSession {
  consultationId: string;
  userId: string;
  role: 'member' | 'counsellor';
  /** The reader's name as the other side sees it. */
  name: string;
  closesAt: Date;
}

function window(b: Pick<repo.ConsultationRow, 'startsAt' | 'endsAt'>) {
  return {
    opensAt: new Date(b.startsAt.getTime() - ROOM_OPENS_MINUTES * MINUTE),
    closesAt: new Date(b.endsAt.getTime() + ROOM_CLOSES_AFTER_MINUTES * MINUTE),
  };
}

function isOpen(b: repo.ConsultationRow, now: Date): boolean {
  const { opensAt, closesAt } = window(b);
  return b.status === 'booked' && now >= opensAt && now < closesAt;
}

/**
 * ICE servers from the settings. TURN credentials follow coturn's REST API
 * (`use-auth-secret`): the user name is the expiry (Unix seconds) and the reader's id, the
 * password the base64 HMAC-SHA1 of that name under the shared secret; they expire by themselves.
 */
export function iceServers(
  config: Pick<Config, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_TTL_SECONDS'>,
  userId: string,
  now: Date,
): IceServerDto[] {
  const out: IceServerDto[] = [];
  if (config.STUN_URLS.length > 0) out.push({ urls: config.STUN_URLS });
  if (config.TURN_URLS.length > 0 && config.TURN_SECRET) {
    const username = `${Math.floor(now.getTime() / 1000) + config.TURN_TTL_SECONDS}:${userId}`;
    const credential = createHmac('sha1', config.TURN_SECRET).update(username).digest('base64');
    out.push({ urls: config.TURN_URLS, username, credential });
  }
  return out;
}

function nameOf(b: repo.BookingRow, role: 'member' | 'counsellor'): string {
  return role === 'counsellor' ? b.counsellorName : b.memberFirstName;
}

function messageDto(row: rooms.RoomEventRow, viewer: string): RoomMessageDto {
  const p = row.payload as { text: string; name: string };
  return {
    id: String(row.id),
    mine: row.fromUser === viewer,
    name: p.name,
    text: p.text,
    at: row.createdAt.toISOString(),
  };
}

async function participant(deps: Deps, actor: Actor, id: string) {
  const who = requireAccess(actor, 'consultation.book');
  const b = await repo.findBooking(deps.db, id);
  // Anyone but the two gets not-found (SECURITY: its existence is not told).
  if (!b || (b.memberId !== who.userId && b.counsellorId !== who.userId)) throw new AppError('NOT_FOUND');
  const role: 'member' | 'counsellor' = b.counsellorId === who.userId ? 'counsellor' : 'member';
  return { who, b, role };
}

/** The room's page: the booking, whether it is open, the call's servers and the chat so far. */
export async function roomInfo(deps: Deps, actor: Actor, id: string): Promise<RoomDto> {
  const { who, b, role } = await participant(deps, actor, id);
  const now = deps.clock.now();
  const { opensAt, closesAt } = window(b);
  const chat = await rooms.chatOf(deps.db, id);
  return {
    booking: bookingDto(b, who.userId, now),
    open: isOpen(b, now),
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    iceServers: iceServers(deps.config, who.userId, now),
    messages: chat.map((r) => messageDto(r, who.userId)),
    peerName: nameOf(b, role === 'member' ? 'counsellor' : 'member'),
  };
}

/** A participant enters an open room (its socket); ROOM_CLOSED when it is not open now. */
export async function enterRoom(deps: Deps, actor: Actor, id: string): Promise<RoomSession> {
  const { who, b, role } = await participant(deps, actor, id);
  if (!isOpen(b, deps.clock.now())) throw new AppError('ROOM_CLOSED');
  return { consultationId: id, userId: who.userId, role, name: nameOf(b, role), closesAt: window(b).closesAt };
}

/** Writes a room event and tells every process with a socket in the room. */
export async function post(
  deps: Deps,
  s: RoomSession,
  connection: string,
  kind: rooms.RoomEventKind,
  payload: unknown = {},
): Promise<rooms.RoomEventRow> {
  const row = await rooms.insertRoomEvent(deps.db, {
    consultationId: s.consultationId,
    fromUser: s.userId,
    connection,
    kind,
    payload,
    at: deps.clock.now(),
  });
  await deps.events.publish(channels.consultationRoom(s.consultationId), { id: row.id });
  return row;
}

/**
 * Ends the session for both: a booked session that has begun is completed; the end goes out
 * to both sockets, which close.
 */
export async function endRoom(deps: Deps, s: RoomSession, connection: string): Promise<void> {
  const now = deps.clock.now();
  const b = await repo.findBooking(deps.db, s.consultationId);
  if (b && b.status === 'booked' && b.startsAt <= now) {
    await repo.updateBooking(deps.db, s.consultationId, { status: 'completed', updatedAt: now });
  }
  await post(deps, s, connection, 'end');
}

export { messageDto };
export const roomEventsAfter = rooms.roomEventsAfter;
export const lastRoomEventId = rooms.lastRoomEventId;
