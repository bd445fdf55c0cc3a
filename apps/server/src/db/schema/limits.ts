import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Rate-limit counters every server process shares (decision 015): one fixed window per key
 * (`route:<url>|<ip>`, `chat:<user id>`), counted with one atomic upsert. Rows whose window has
 * ended are swept away now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: tz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
