import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Site alerts (the banner): what an administrator tells everyone, or every signed-in member,
 * between `starts_at` and `ends_at`, in the three languages.
 */
export const siteAlerts = pgTable(
  'site_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    severity: text('severity').notNull(),
    audience: text('audience').notNull(),
    /** The message in each language: { "pt-BR": …, "en-US": …, "es-ES": … }. */
    messages: jsonb('messages').$type<Record<string, string>>().notNull(),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    /** The administrator who wrote it (kept empty once their account is erased). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('site_alerts_ends_idx').on(t.endsAt),
    check('site_alerts_severity', sql`${t.severity} in ('info', 'warning', 'critical')`),
    check('site_alerts_audience', sql`${t.audience} in ('everyone', 'members')`),
    check('site_alerts_window', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A signed-in member's "dismiss" on an alert: on every device they use. */
export const alertDismissals = pgTable(
  'alert_dismissals',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => siteAlerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: tz('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index('alert_dismissals_user_idx').on(t.userId)],
);
