import { and, count, desc, eq, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  communityMembers,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  users,
} from '../../db/schema/index.ts';

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

/** Adds a notification unless one with its key is there already; its id, or null when it was there. */
export async function insert(db: DbOrTx, n: NewNotification): Promise<string | null> {
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
  return rows[0]?.id ?? null;
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

/** Whether the member was told this notice already (in the app, or by push or e-mail). */
export async function told(db: DbOrTx, userId: string, key: string): Promise<boolean> {
  const rows = await db.execute<{ told: boolean }>(sql`SELECT
    EXISTS (SELECT 1 FROM notifications WHERE user_id = ${userId} AND key = ${key})
    OR EXISTS (SELECT 1 FROM notification_deliveries WHERE user_id = ${userId} AND key = ${key}) AS told`);
  return rows.rows[0]?.told === true;
}

/**
 * What a member chose for a type (null: the defaults), whether any device of theirs receives
 * pushes, and whether mail may go to them (a confirmed address, an account not deleted).
 * Undefined when there is no such member.
 */
export async function channelFacts(db: DbOrTx, userId: string, type: string) {
  const [row] = await db
    .select({
      inApp: notificationPreferences.inApp,
      push: notificationPreferences.push,
      email: notificationPreferences.email,
      devices: sql<boolean>`EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${users.id})`,
      mailable: sql<boolean>`(${users.emailVerifiedAt} IS NOT NULL AND ${users.deletedAt} IS NULL)`,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.type, type)),
    )
    .where(eq(users.id, userId));
  return row;
}

/** The member's choices, one row per type they changed. */
export function preferencesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      type: notificationPreferences.type,
      inApp: notificationPreferences.inApp,
      push: notificationPreferences.push,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(
  db: DbOrTx,
  userId: string,
  rows: { type: string; inApp: boolean; push: boolean; email: boolean }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ ...r, userId, updatedAt: at })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: {
        inApp: sql`excluded.in_app`,
        push: sql`excluded.push`,
        email: sql`excluded.email`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export interface NewDelivery {
  userId: string;
  type: string;
  actorId: string | null;
  data: Record<string, string | number>;
  key: string;
  notificationId: string | null;
  push: boolean;
  email: boolean;
  at: Date;
}

/** Adds what is to be pushed or mailed about a notice, unless its key is there; its id, or null. */
export async function insertDelivery(db: DbOrTx, d: NewDelivery): Promise<string | null> {
  const rows = await db
    .insert(notificationDeliveries)
    .values({
      userId: d.userId,
      type: d.type,
      actorId: d.actorId,
      data: d.data,
      key: d.key,
      notificationId: d.notificationId,
      push: d.push,
      email: d.email,
      createdAt: d.at,
    })
    .onConflictDoNothing({ target: [notificationDeliveries.userId, notificationDeliveries.key] })
    .returning({ id: notificationDeliveries.id });
  return rows[0]?.id ?? null;
}

/** A delivery with what its texts need: who is told (address, language, name) and who did it. */
export async function delivery(db: DbOrTx, id: string) {
  const actor = sql<
    string | null
  >`(SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = ${notificationDeliveries.actorId})`;
  const [row] = await db
    .select({
      id: notificationDeliveries.id,
      userId: notificationDeliveries.userId,
      type: notificationDeliveries.type,
      data: notificationDeliveries.data,
      notificationId: notificationDeliveries.notificationId,
      push: notificationDeliveries.push,
      email: notificationDeliveries.email,
      createdAt: notificationDeliveries.createdAt,
      dispatchedAt: notificationDeliveries.dispatchedAt,
      emailSentAt: notificationDeliveries.emailSentAt,
      to: users.email,
      locale: users.locale,
      firstName: users.firstName,
      mailable: sql<boolean>`(${users.emailVerifiedAt} IS NOT NULL AND ${users.deletedAt} IS NULL)`,
      actorId: notificationDeliveries.actorId,
      actorName: actor,
      actorHandle: communityMembers.handle,
    })
    .from(notificationDeliveries)
    .innerJoin(users, eq(users.id, notificationDeliveries.userId))
    .leftJoin(communityMembers, eq(communityMembers.userId, notificationDeliveries.actorId))
    .where(eq(notificationDeliveries.id, id));
  return row;
}

export async function markDispatched(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ dispatchedAt: at })
    .where(and(eq(notificationDeliveries.id, id), isNull(notificationDeliveries.dispatchedAt)));
}

/** Deliveries whose jobs were never queued (the note at their commit was missed), oldest first. */
export function undispatched(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(isNull(notificationDeliveries.dispatchedAt), lt(notificationDeliveries.createdAt, before)))
    .orderBy(notificationDeliveries.createdAt)
    .limit(limit);
}

/** Forgets deliveries older than `before` (their jobs are long done); how many. */
export async function deleteDeliveriesBefore(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(notificationDeliveries)
    .where(lt(notificationDeliveries.createdAt, before))
    .returning({ id: notificationDeliveries.id });
  return rows.length;
}

/** Takes the delivery's e-mail for this attempt: false when it was taken already. */
export async function claimEmail(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notificationDeliveries)
    .set({ emailSentAt: at })
    .where(and(eq(notificationDeliveries.id, id), isNull(notificationDeliveries.emailSentAt)))
    .returning({ id: notificationDeliveries.id });
  return rows.length > 0;
}

/** The attempt failed before the mail reached the outbox: the next one takes it again. */
export async function releaseEmail(db: DbOrTx, id: string): Promise<void> {
  await db.update(notificationDeliveries).set({ emailSentAt: null }).where(eq(notificationDeliveries.id, id));
}

/** Marks read the member's unread notifications whose key begins with `prefix`; how many. */
export async function markReadByKey(db: DbOrTx, userId: string, prefix: string, at: Date): Promise<number> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const res = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), like(notifications.key, `${escaped}%`)));
  return res.rowCount ?? 0;
}
