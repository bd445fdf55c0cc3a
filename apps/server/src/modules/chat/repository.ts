import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatMessages, users } from '../../db/schema/index.ts';

/** Every query names the owner: no row of another user is reachable by id alone. */

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = typeof chatMessages.$inferInsert;
export type ConversationWithCount = ConversationRow & { messageCount: number };

/** A conversation's columns and how many messages it has. */
const withCount = {
  id: chatConversations.id,
  userId: chatConversations.userId,
  title: chatConversations.title,
  createdAt: chatConversations.createdAt,
  updatedAt: chatConversations.updatedAt,
  lastMessageAt: chatConversations.lastMessageAt,
  messageCount: sql<number>`(SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = chat_conversations.id)`,
};

export async function listConversations(
  db: DbOrTx,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: ConversationWithCount[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(withCount)
      .from(chatConversations)
      .where(eq(chatConversations.userId, userId))
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(chatConversations).where(eq(chatConversations.userId, userId)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findConversation(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<ConversationWithCount | undefined> {
  const [row] = await db
    .select(withCount)
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)));
  return row;
}

/** How many conversations the user has (for the per-account limit). */
export async function countConversations(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chatConversations).where(eq(chatConversations.userId, userId));
  return row?.n ?? 0;
}

export async function insertConversation(
  db: DbOrTx,
  v: { id: string; userId: string; title: string; at: Date },
): Promise<ConversationRow> {
  const [row] = await db
    .insert(chatConversations)
    .values({ id: v.id, userId: v.userId, title: v.title, createdAt: v.at, updatedAt: v.at, lastMessageAt: v.at })
    .returning();
  return row!;
}

export async function renameConversation(db: DbOrTx, userId: string, id: string, title: string, at: Date) {
  const [row] = await db
    .update(chatConversations)
    .set({ title, updatedAt: at })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  return row !== undefined;
}

export async function touchConversation(db: DbOrTx, id: string, at: Date) {
  await db.update(chatConversations).set({ lastMessageAt: at }).where(eq(chatConversations.id, id));
}

export async function deleteConversation(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
}

export async function conversationMessages(db: DbOrTx, userId: string, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.userId, userId)))
    .orderBy(asc(chatMessages.seq));
}

export async function findMessage(db: DbOrTx, userId: string, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId)));
  return row;
}

/**
 * Inserts a message. `writing`: an answer whose writer starts now, so its progress is marked now
 * (database time, as saveProgress does).
 */
export async function insertMessage(db: DbOrTx, values: NewMessage, writing = false): Promise<MessageRow> {
  const [row] = await db
    .insert(chatMessages)
    .values(writing ? { ...values, progressAt: sql`now()` } : values)
    .returning();
  return row!;
}

export async function deleteMessage(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(chatMessages).where(and(eq(chatMessages.id, id), eq(chatMessages.userId, userId)));
}

/** Settles an answer that was streaming; false when it was settled already. */
export async function settleMessage(
  db: DbOrTx,
  id: string,
  v: {
    content: string;
    status: 'done' | 'stopped' | 'failed';
    citations: CitationDto[];
    cost: number;
    meta: Record<string, unknown>;
    at: Date;
  },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({
      content: v.content,
      status: v.status,
      citations: v.citations,
      cost: v.cost,
      meta: v.meta,
      completedAt: v.at,
    })
    .where(and(eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')))
    .returning();
  return row;
}

/** A streaming answer's writer is silent for longer than this only when it was cut off. */
const silentFor = (staleMs: number) => sql`now() - make_interval(secs => ${staleMs / 1000})`;

/**
 * An answer left 'streaming' by a process that ended mid-answer: failed (its hold is refunded by
 * the caller). Only when its writer stopped saving its progress `staleMs` ago (database time),
 * or never did: another process may be writing it (decision 015).
 */
export async function failOrphan(db: DbOrTx, id: string, at: Date, staleMs: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(chatMessages)
    .set({ status: 'failed', cost: 0, completedAt: at })
    .where(
      and(
        eq(chatMessages.id, id),
        eq(chatMessages.status, 'streaming'),
        sql`(${chatMessages.progressAt} IS NULL OR ${chatMessages.progressAt} < ${silentFor(staleMs)})`,
      ),
    )
    .returning();
  return row;
}

/** Saves the text an answer has so far, and that its writer is alive; false once it is settled. */
export async function saveProgress(db: DbOrTx, id: string, content: string): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ content, progressAt: sql`now()` })
    .where(and(eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** The answers of a conversation being written now (by any process): streaming, writer alive. */
export async function activeAnswers(
  db: DbOrTx,
  userId: string,
  conversationId: string,
  staleMs: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.userId, userId),
        eq(chatMessages.status, 'streaming'),
        sql`${chatMessages.progressAt} >= ${silentFor(staleMs)}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The country a member gave at sign-up (free text; '' when none): the crisis answer names its line first. */
export async function memberCountry(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.country || null;
}
