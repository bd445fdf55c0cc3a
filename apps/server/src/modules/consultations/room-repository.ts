import { and, asc, eq, gt, inArray, lt, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultationRoomEvents } from '../../db/schema/index.ts';

export type RoomEventRow = typeof consultationRoomEvents.$inferSelect;
export type RoomEventKind = 'chat' | 'signal' | 'join' | 'here' | 'leave' | 'end';

export async function insertRoomEvent(
  db: DbOrTx,
  v: { consultationId: string; fromUser: string; connection: string; kind: RoomEventKind; payload: unknown; at: Date },
): Promise<RoomEventRow> {
  const [row] = await db
    .insert(consultationRoomEvents)
    .values({
      consultationId: v.consultationId,
      fromUser: v.fromUser,
      connection: v.connection,
      kind: v.kind,
      payload: v.payload,
      createdAt: v.at,
    })
    .returning();
  return row!;
}

/** A room's events after `afterId`, in order (at most `limit`). */
export async function roomEventsAfter(db: DbOrTx, consultationId: string, afterId: number, limit = 500) {
  return db
    .select()
    .from(consultationRoomEvents)
    .where(and(eq(consultationRoomEvents.consultationId, consultationId), gt(consultationRoomEvents.id, afterId)))
    .orderBy(asc(consultationRoomEvents.id))
    .limit(limit);
}

/** The newest event id of a room (0 when none): a new socket forwards only what comes after. */
export async function lastRoomEventId(db: DbOrTx, consultationId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(consultationRoomEvents.id) })
    .from(consultationRoomEvents)
    .where(eq(consultationRoomEvents.consultationId, consultationId));
  return Number(row?.id ?? 0);
}

export async function chatOf(db: DbOrTx, consultationId: string) {
  return db
    .select()
    .from(consultationRoomEvents)
    .where(and(eq(consultationRoomEvents.consultationId, consultationId), eq(consultationRoomEvents.kind, 'chat')))
    .orderBy(asc(consultationRoomEvents.id))
    .limit(1000);
}

/** Signalling rows older than `before`: they are worth nothing once a call is set up. */
export async function deleteOldSignals(db: DbOrTx, before: Date): Promise<number> {
  const res = await db
    .delete(consultationRoomEvents)
    .where(
      and(
        inArray(consultationRoomEvents.kind, ['signal', 'join', 'here', 'leave']),
        lt(consultationRoomEvents.createdAt, before),
      ),
    );
  return res.rowCount ?? 0;
}
