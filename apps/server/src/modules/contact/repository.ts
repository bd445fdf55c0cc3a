import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, contactReplies, users } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertMessage(db: DbOrTx, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning();
  return row!;
}

const FILTERS = {
  all: undefined,
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
} as const;

/** One page of the inbox, newest first; how many match; how many of the whole inbox are unread. */
export async function inboxPage(db: DbOrTx, q: { filter: keyof typeof FILTERS; page: number; pageSize: number }) {
  const where = FILTERS[q.filter];
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** The replies to these messages, oldest first, with the address of who answered. */
export function repliesOf(db: DbOrTx, messageIds: string[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: contactReplies.id,
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      adminEmail: users.email,
      createdAt: contactReplies.createdAt,
    })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.adminId))
    .where(inArray(contactReplies.messageId, messageIds))
    .orderBy(contactReplies.createdAt, contactReplies.id);
}

export async function findMessage(db: DbOrTx, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** Marks a message read (the first time it is opened); the message, or undefined. */
export async function markRead(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`COALESCE(${contactMessages.readAt}, ${now})` })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

/** Handled (now, unless it already was) or open again; read either way. */
export async function setHandled(db: DbOrTx, id: string, handled: boolean, now: Date) {
  const [row] = await db
    .update(contactMessages)
    .set({
      handledAt: handled ? sql`COALESCE(${contactMessages.handledAt}, ${now})` : null,
      readAt: sql`COALESCE(${contactMessages.readAt}, ${now})`,
    })
    .where(eq(contactMessages.id, id))
    .returning();
  return row;
}

export async function insertReply(db: DbOrTx, values: typeof contactReplies.$inferInsert) {
  const [row] = await db.insert(contactReplies).values(values).returning();
  return row!;
}

export async function deleteMessage(db: DbOrTx, id: string) {
  const rows = await db
    .delete(contactMessages)
    .where(and(eq(contactMessages.id, id)))
    .returning({ id: contactMessages.id, email: contactMessages.email });
  return rows[0];
}
