import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { communityMembers, notifications, users } from '../../db/schema/index.ts';

export interface NewNotification {
  userId: string;
  type: string;
  actorId?: string | null;
  data?: Record<string, string | number>;
  key: string;
  at: Date;
}

export interface Cursor {
  at: Date;
  id: string;
}

/** Adds a notification unless one with its key is there already; whether it was added. */
export async function insert(db: DbOrTx, n: NewNotification): Promise<boolean> {
  const rows = await db
    .insert(notifications)
    .values({
      userId: n.userId,
      type: n.type,
      actorId: n.actorId ?? null,
      data: n.data ?? {},
      key: n.key,
      createdAt: n.at,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** A page of the member's notifications, newest first, with who did each. */
export function page(db: DbOrTx, userId: string, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      data: notifications.data,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      actorId: notifications.actorId,
      firstName: users.firstName,
      lastName: users.lastName,
      handle: communityMembers.handle,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(communityMembers, eq(communityMembers.userId, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        cursor
          ? or(
              lt(notifications.createdAt, cursor.at),
              and(eq(notifications.createdAt, cursor.at), lt(notifications.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the member's notifications read; false when it is not theirs (or not there). */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
