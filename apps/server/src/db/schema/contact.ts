import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The footer's contact messages (decision 028), kept for the administration's inbox as well as
 * mailed to the support address. Personal data: a member's export holds those sent from their
 * address or their session, and their deletion removes them.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** As typed (lower case), the address replies go to. */
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** The sender's language when they wrote: replies are mailed in it. */
    locale: text('locale').notNull(),
    /** The member signed in when it was sent, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull(),
    /** First opened by an administrator. */
    readAt: tz('read_at'),
    /** Marked handled (done) by an administrator; cleared when marked unhandled again. */
    handledAt: tz('handled_at'),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_email_idx').on(t.email),
    index('contact_messages_unread_idx')
      .on(t.createdAt)
      .where(sql`read_at IS NULL`),
  ],
);

/** The administration's e-mail replies to a contact message (the mail itself is in the outbox). */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Who answered; cleared when that administrator's account is erased. */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** The outbox row of the mail. */
    mailId: uuid('mail_id'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.createdAt)],
);
