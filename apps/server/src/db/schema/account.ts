import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A member's data exports (decision 026): a zip built by a job, kept in storage until it expires
 * (7 days after it is ready), then removed with its file by the sweep. One being prepared at a time.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'preparing' | 'ready' | 'failed' | 'expired' */
    status: text('status').notNull().default('preparing'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: tz('created_at').notNull(),
    readyAt: tz('ready_at'),
    expiresAt: tz('expires_at'),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('account_exports_one_preparing')
      .on(t.userId)
      .where(sql`status = 'preparing'`),
  ],
);
