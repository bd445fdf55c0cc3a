import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A conversation with the spiritual guide; private to its owner. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId, t.lastMessageAt)],
);

/**
 * One message: the user's, or the guide's answer. An answer is written while it streams
 * (status 'streaming') and settled once: done, stopped or failed, with its cost.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The order of a conversation's messages (times can be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** The owner, kept on every row so no query can reach another user's message by id alone. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    kind: text('kind').notNull().default('message'),
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('done'),
    citations: jsonb('citations').$type<CitationDto[]>().notNull().default([]),
    /** Credits taken for this answer (after commit). */
    cost: integer('cost'),
    /** The credit reservation held while the answer is written. */
    reservationId: uuid('reservation_id'),
    /** Which engine wrote it ('guide' or the model's name), and what the guide chose (for variety). */
    engine: text('engine'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tz('created_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
    /**
     * While an answer streams: when its writer last saved its progress (database time). The
     * writer saves the text so far at a bounded rate and beats at least every few seconds, so
     * another process can follow it; one silent for longer was cut off (decision 015).
     */
    progressAt: tz('progress_at'),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.seq),
    index('chat_messages_streaming_idx')
      .on(t.status)
      .where(sql`status = 'streaming'`),
    check('chat_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('chat_messages_kind', sql`${t.kind} in ('message', 'answer', 'crisis')`),
    check('chat_messages_status', sql`${t.status} in ('streaming', 'done', 'stopped', 'failed')`),
  ],
);
