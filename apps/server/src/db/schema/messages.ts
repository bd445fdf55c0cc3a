import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A conversation between two members (/messages): one per pair, the pair kept in order
 * (`user_a` < `user_b`) so a unique index makes two starts at once one row. Each side's read
 * mark is the `seq` of the last message they read; the newest message's `seq` and time order the
 * list and count what is unread.
 */
export const messageConversations = pgTable(
  'message_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** The newest message's time: null before the first (the conversation is then in nobody's list). */
    lastMessageAt: tz('last_message_at'),
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull().default(0),
    aReadSeq: bigint('a_read_seq', { mode: 'number' }).notNull().default(0),
    bReadSeq: bigint('b_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('message_conversations_pair_uq').on(t.userA, t.userB),
    check('message_conversations_pair_order', sql`${t.userA} < ${t.userB}`),
    index('message_conversations_b_idx').on(t.userB, t.lastMessageAt.desc(), t.id.desc()),
    index('message_conversations_a_idx').on(t.userA, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

/**
 * A message. `seq` orders a conversation's messages (and the read marks); `client_key` is the
 * sender's own key for it, the same on every retry, so a retried send writes it once.
 * `removed_at`: the moderation removed it (its text is no longer shown).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => messageConversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    clientKey: text('client_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    removedAt: tz('removed_at'),
  },
  (t) => [
    uniqueIndex('messages_seq_uq').on(t.seq),
    uniqueIndex('messages_client_key_uq').on(t.conversationId, t.senderId, t.clientKey),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    index('messages_sender_idx').on(t.senderId),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
    check('messages_client_key_length', sql`char_length(${t.clientKey}) between 1 and 64`),
  ],
);

/**
 * A member's report of a message they received: a reason from the community's list and a note.
 * One open report per member and message; an administrator dismisses it or removes the message.
 */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    /** 'dismissed' | 'removed'. */
    resolution: text('resolution'),
    /** The administrator who resolved it. */
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    resolvedAt: tz('resolved_at'),
  },
  (t) => [
    uniqueIndex('message_reports_open_uq')
      .on(t.reporterId, t.messageId)
      .where(sql`${t.status} = 'open'`),
    index('message_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    index('message_reports_message_idx').on(t.messageId),
    check('message_reports_status', sql`${t.status} in ('open', 'closed')`),
  ],
);
