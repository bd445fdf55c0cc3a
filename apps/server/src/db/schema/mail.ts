import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Every e-mail the app sends. Without SMTP this table is the mailbox the admin reads ('outbox');
 * with SMTP each row has a `mail-send` job of the same id (decision 014) and says where its
 * delivery stands ('queued' → 'sending' → 'sent', back to 'queued' after a failed attempt, or
 * 'failed' after the last). `text` and `html` are what the admin reads: with SMTP, secret links
 * are already replaced by a placeholder there, and the deliverable copy waits in `pending_*`
 * until it is sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('outbox'),
    attempts: integer('attempts').notNull().default(0),
    /** The copy with live links, kept only until it is sent. */
    pendingText: text('pending_text'),
    pendingHtml: text('pending_html'),
    /** A calendar invite (iCalendar text) sent with the mail: a consultation booked, moved or cancelled. */
    ics: text('ics'),
    createdAt: tz('created_at').notNull(),
    sentAt: tz('sent_at'),
    error: text('error'),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} in ('outbox', 'queued', 'sending', 'sent', 'failed')`),
    index('mail_outbox_status_idx').on(t.status),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);
