import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * What a member chose for one type of notification (decision 027): in the app, as a push to their
 * devices, by e-mail. Only the types they changed have a row; the others follow the defaults
 * (`NOTIFICATION_DEFAULTS` in the shared schemas).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type] }),
    check('notification_preferences_type', sql`length(${t.type}) between 1 and 40`),
  ],
);

/**
 * A browser that receives a member's push messages (the Push API's subscription): where to post
 * (`endpoint`, a push service's URL) and the keys to encrypt for it. One endpoint is one browser
 * profile: subscribing it again, by whoever is signed in there now, moves it to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for aes128gcm. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The server's VAPID key pair (one row, made at the first start): push services tie a
 * subscription to the public key it was made with, so it must outlive restarts and be the same in
 * every process.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * What is still to be pushed or mailed about a notice (decision 027): written by `notify` in the
 * caller's transaction when the member wants it by push or e-mail, then handed to the job queue
 * once committed. `(user_id, key)` is the notice's key, as for `notifications`: told once. It
 * holds what the texts need, since the in-app row may not exist (in app off) or be gone.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    key: text('key').notNull(),
    /** The in-app row, when the member has one for it. */
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    push: boolean('push').notNull(),
    email: boolean('email').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** When its jobs were queued (the sweep queues those that have none yet). */
    dispatchedAt: tz('dispatched_at'),
    /** When its mail went to the outbox: the e-mail job writes it once. */
    emailSentAt: tz('email_sent_at'),
  },
  (t) => [
    uniqueIndex('notification_deliveries_user_key').on(t.userId, t.key),
    index('notification_deliveries_undispatched_idx')
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('notification_deliveries_created_idx').on(t.createdAt),
    check('notification_deliveries_type', sql`length(${t.type}) between 1 and 40`),
  ],
);

/** Each device a delivery was pushed to: the push job skips those already done when it runs again. */
export const notificationPushSends = pgTable(
  'notification_push_sends',
  {
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => notificationDeliveries.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: tz('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.subscriptionId] })],
);
