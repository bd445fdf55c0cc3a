import { and, asc, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  communityMembers,
  counsellors,
  messageConversations as conv,
  messageReports,
  messages,
  users,
} from '../../db/schema/index.ts';

export type ConversationRow = typeof conv.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A position in the list: the last conversation of a page, by its newest message's time then id. */
export interface Cursor {
  at: Date;
  id: string;
}

/** The pair in the order the table keeps it. */
export const ordered = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

/** The conversation, when `me` is one of its two. */
export async function findFor(db: DbOrTx, id: string, me: string): Promise<ConversationRow | null> {
  const [row] = await db
    .select()
    .from(conv)
    .where(and(eq(conv.id, id), or(eq(conv.userA, me), eq(conv.userB, me))));
  return row ?? null;
}

export async function findPair(db: DbOrTx, x: string, y: string): Promise<ConversationRow | null> {
  const [a, b] = ordered(x, y);
  const [row] = await db
    .select()
    .from(conv)
    .where(and(eq(conv.userA, a), eq(conv.userB, b)));
  return row ?? null;
}

/** Starts the pair's conversation; null when it is there already (another start won the race). */
export async function insertPair(db: DbOrTx, x: string, y: string, at: Date): Promise<ConversationRow | null> {
  const [a, b] = ordered(x, y);
  const [row] = await db
    .insert(conv)
    .values({ userA: a, userB: b, createdAt: at })
    .onConflictDoNothing({ target: [conv.userA, conv.userB] })
    .returning();
  return row ?? null;
}

/** Whether the member exists, and whether their account was deleted. */
export async function userState(db: DbOrTx, userId: string): Promise<{ deleted: boolean } | null> {
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return row ? { deleted: row.deletedAt !== null } : null;
}

// ---------- The list ----------

const last = alias(messages, 'last_message');

/** The columns of a conversation as `me` sees it: the other, the newest message, what is unread. */
function summaryColumns(me: string) {
  const mineRead = sql<number>`CASE WHEN ${conv.userA} = ${me} THEN ${conv.aReadSeq} ELSE ${conv.bReadSeq} END`;
  return {
    conv,
    otherFirst: users.firstName,
    otherLast: users.lastName,
    otherDeleted: users.deletedAt,
    counsellorName: counsellors.displayName,
    counsellorActive: counsellors.active,
    handle: communityMembers.handle,
    last: {
      id: last.id,
      body: sql<string | null>`left(${last.body}, 141)`,
      senderId: last.senderId,
      createdAt: last.createdAt,
      removedAt: last.removedAt,
    },
    unread: sql<number>`(SELECT count(*)::int FROM ${messages} u WHERE u.conversation_id = ${conv.id}
      AND u.sender_id <> ${me} AND u.seq > ${mineRead})`,
  };
}

const otherOf = (me: string) => sql`CASE WHEN ${conv.userA} = ${me} THEN ${conv.userB} ELSE ${conv.userA} END`;

function summarySelect(db: DbOrTx, me: string) {
  const other = otherOf(me);
  return db
    .select(summaryColumns(me))
    .from(conv)
    .innerJoin(users, eq(users.id, other))
    .leftJoin(counsellors, eq(counsellors.userId, other))
    .leftJoin(communityMembers, eq(communityMembers.userId, other))
    .leftJoin(last, and(eq(last.conversationId, conv.id), eq(last.seq, conv.lastMessageSeq)));
}

export type SummaryRow = Awaited<ReturnType<typeof summaryOne>>;

/** One of `me`'s conversations, as the list shows it. */
export async function summaryOne(db: DbOrTx, id: string, me: string) {
  const [row] = await summarySelect(db, me).where(and(eq(conv.id, id), or(eq(conv.userA, me), eq(conv.userB, me))));
  return row ?? null;
}

/** A page of `me`'s conversations that have a message, newest activity first. */
export async function summaryPage(db: DbOrTx, me: string, cursor: Cursor | null, limit: number) {
  return await summarySelect(db, me)
    .where(
      and(
        or(eq(conv.userA, me), eq(conv.userB, me)),
        isNotNull(conv.lastMessageAt),
        cursor
          ? or(lt(conv.lastMessageAt, cursor.at), and(eq(conv.lastMessageAt, cursor.at), lt(conv.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(sql`${conv.lastMessageAt} DESC NULLS LAST`, sql`${conv.id} DESC NULLS LAST`)
    .limit(limit);
}

/** How many of `me`'s conversations have a message they have not read. */
export async function unreadConversations(db: DbOrTx, me: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conv)
    .where(
      or(
        and(eq(conv.userA, me), sql`${conv.lastMessageSeq} > ${conv.aReadSeq}`),
        and(eq(conv.userB, me), sql`${conv.lastMessageSeq} > ${conv.bReadSeq}`),
      ),
    );
  return row?.n ?? 0;
}

// ---------- Messages ----------

/** A page of a conversation's messages older than `before` (newest first: the caller turns it). */
export async function messagePage(db: DbOrTx, conversationId: string, before: number | null, limit: number) {
  return await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.seq, before) : undefined))
    .orderBy(desc(messages.seq))
    .limit(limit);
}

/** Writes a message; null when this sender's key is there already (a retry). */
export async function insertMessage(
  db: DbOrTx,
  m: { conversationId: string; senderId: string; body: string; clientKey: string; at: Date },
): Promise<MessageRow | null> {
  const [row] = await db
    .insert(messages)
    .values({
      conversationId: m.conversationId,
      senderId: m.senderId,
      body: m.body,
      clientKey: m.clientKey,
      createdAt: m.at,
    })
    .onConflictDoNothing({ target: [messages.conversationId, messages.senderId, messages.clientKey] })
    .returning();
  return row ?? null;
}

export async function messageByKey(db: DbOrTx, conversationId: string, senderId: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.senderId, senderId),
        eq(messages.clientKey, clientKey),
      ),
    );
  return row ?? null;
}

export async function messageIn(db: DbOrTx, conversationId: string, messageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  return row ?? null;
}

/**
 * A new message in the conversation: it becomes the newest (unless a later one got in first), and
 * its sender has read up to it. The other side's read mark, which keys its notification.
 */
export async function afterSend(
  db: DbOrTx,
  c: ConversationRow,
  senderId: string,
  seq: number,
  at: Date,
): Promise<{ otherReadSeq: number }> {
  const senderIsA = c.userA === senderId;
  const readCol = senderIsA ? conv.aReadSeq : conv.bReadSeq;
  const [row] = await db
    .update(conv)
    .set({
      lastMessageAt: sql`CASE WHEN ${conv.lastMessageSeq} < ${seq} THEN ${at}::timestamptz ELSE ${conv.lastMessageAt} END`,
      lastMessageSeq: sql`GREATEST(${conv.lastMessageSeq}, ${seq})`,
      ...(senderIsA
        ? { aReadSeq: sql`GREATEST(${readCol}, ${seq})` }
        : { bReadSeq: sql`GREATEST(${readCol}, ${seq})` }),
    })
    .where(eq(conv.id, c.id))
    .returning({ a: conv.aReadSeq, b: conv.bReadSeq });
  return { otherReadSeq: senderIsA ? row!.b : row!.a };
}

/** `me` has read up to `seq`; false when they had already. */
export async function markRead(db: DbOrTx, c: ConversationRow, me: string, seq: number): Promise<boolean> {
  const col = c.userA === me ? conv.aReadSeq : conv.bReadSeq;
  const res = await db
    .update(conv)
    .set(c.userA === me ? { aReadSeq: seq } : { bReadSeq: seq })
    .where(and(eq(conv.id, c.id), lt(col, seq)));
  return (res.rowCount ?? 0) > 0;
}

// ---------- Reports ----------

/** A member's report of a message; null when they already have an open one on it. */
export async function insertReport(
  db: DbOrTx,
  r: { messageId: string; reporterId: string; reason: string; note: string; at: Date },
) {
  const [row] = await db
    .insert(messageReports)
    .values({ messageId: r.messageId, reporterId: r.reporterId, reason: r.reason, note: r.note, createdAt: r.at })
    .onConflictDoNothing()
    .returning({ id: messageReports.id, reason: messageReports.reason, createdAt: messageReports.createdAt });
  return row ?? null;
}

const reporter = alias(users, 'reporter');
const sender = alias(users, 'sender');

/** The open reports, oldest first, with the message, its sender and the reporter. */
export async function openReports(db: DbOrTx, limit: number) {
  return await db
    .select({
      report: messageReports,
      message: messages,
      reporterFirst: reporter.firstName,
      reporterLast: reporter.lastName,
      senderFirst: sender.firstName,
      senderLast: sender.lastName,
      senderHandle: communityMembers.handle,
    })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .innerJoin(reporter, eq(reporter.id, messageReports.reporterId))
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(communityMembers, eq(communityMembers.userId, messages.senderId))
    .where(eq(messageReports.status, 'open'))
    .orderBy(asc(messageReports.createdAt), asc(messageReports.id))
    .limit(limit);
}

/** An open report's message and its conversation's two members. */
export async function openReport(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ messageId: messages.id, conversationId: conv.id, userA: conv.userA, userB: conv.userB })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .innerJoin(conv, eq(conv.id, messages.conversationId))
    .where(and(eq(messageReports.id, id), eq(messageReports.status, 'open')));
  return row ?? null;
}

/** Closes every open report of the message with what was done; how many. */
export async function closeReports(
  db: DbOrTx,
  messageId: string,
  resolution: 'dismissed' | 'removed',
  adminId: string,
  at: Date,
): Promise<number> {
  const res = await db
    .update(messageReports)
    .set({ status: 'closed', resolution, resolvedBy: adminId, resolvedAt: at })
    .where(and(eq(messageReports.messageId, messageId), eq(messageReports.status, 'open')));
  return res.rowCount ?? 0;
}

export async function removeMessage(db: DbOrTx, messageId: string, at: Date): Promise<void> {
  await db
    .update(messages)
    .set({ removedAt: at })
    .where(and(eq(messages.id, messageId), isNull(messages.removedAt)));
}
