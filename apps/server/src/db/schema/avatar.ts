import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The six built-in avatar counsellors' live numbers (their persona, portrait and voice are code:
 * modules/avatar/counsellors.ts). A row per counsellor, made by the migration: whether an
 * administrator has them available, and counters kept with each session and rating, so the
 * gallery never adds up the sessions table.
 */
export const avatarCounsellors = pgTable(
  'avatar_counsellors',
  {
    id: text('id').primaryKey(),
    isAvailable: boolean('is_available').notNull().default(true),
    sessionCount: integer('session_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('avatar_counsellors_counts', sql`${t.sessionCount} >= 0 and ${t.ratingSum} >= 0 and ${t.ratingCount} >= 0`),
  ],
);

/**
 * A member's weekly avatar credits (PRODUCT.md "Avatar": persisted, 15 a week). The week begins
 * with the first session start after the previous week ended and lasts 7 days; `used` counts what
 * that week's starts cost. Spent in one statement (modules/avatar/repository.ts `spendAllowance`).
 */
export const avatarAllowances = pgTable(
  'avatar_allowances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStartedAt: tz('week_started_at').notNull(),
    used: smallint('used').notNull().default(0),
  },
  (t) => [check('avatar_allowances_used', sql`${t.used} >= 0 and ${t.used} <= 15`)],
);

/** A live session with an avatar counsellor: up to 20 minutes from its start; its transcript is kept. */
export const avatarSessions = pgTable(
  'avatar_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarId: text('avatar_id')
      .notNull()
      .references(() => avatarCounsellors.id),
    startedAt: tz('started_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    endedAt: tz('ended_at'),
    creditsUsed: smallint('credits_used').notNull(),
    /** The allowance week this start was paid from (for the week's stats). */
    weekStartedAt: tz('week_started_at').notNull(),
    language: text('language').notNull(),
    messagesCount: integer('messages_count').notNull().default(0),
    rating: smallint('rating'),
  },
  (t) => [
    index('avatar_sessions_user_idx').on(t.userId, t.startedAt),
    check('avatar_sessions_rating', sql`${t.rating} is null or (${t.rating} between 1 and 5)`),
    check('avatar_sessions_language', sql`${t.language} in ('pt', 'en', 'es')`),
  ],
);

/** What was said in a session: the member's words (typed or transcribed) and the counsellor's. */
export const avatarMessages = pgTable(
  'avatar_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => avatarSessions.id, { onDelete: 'cascade' }),
    /** The owner, on every row, so no query reaches another member's words by id alone. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    kind: text('kind').notNull(),
    content: text('content').notNull().default(''),
    status: text('status').notNull().default('done'),
    citations: jsonb('citations').$type<CitationDto[]>().notNull().default([]),
    via: text('via'),
    /** What the built-in guide chose (phrasing, passages quoted), so the next answer varies. */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('avatar_messages_session_idx').on(t.sessionId, t.seq),
    check('avatar_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('avatar_messages_kind', sql`${t.kind} in ('message', 'greeting', 'answer', 'crisis')`),
    check('avatar_messages_status', sql`${t.status} in ('streaming', 'done', 'stopped', 'failed')`),
  ],
);

/** A member's favourite counsellors (kept on the server: they follow the member between devices). */
export const avatarFavorites = pgTable(
  'avatar_favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarId: text('avatar_id')
      .notNull()
      .references(() => avatarCounsellors.id),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.avatarId] })],
);
