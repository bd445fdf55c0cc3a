import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's notifications (the bell and /notifications): what happened, who did it, and the ids
 * its link needs. `key` makes each one arrive once: a reaction taken back and given again, a job
 * that runs twice, write the same key, and the second insert does nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Who did it (a follower, a commenter); null for what the app itself says. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    key: text('key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    readAt: tz('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_key').on(t.userId, t.key),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_type', sql`length(${t.type}) between 1 and 40`),
  ],
);
