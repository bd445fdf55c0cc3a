import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** SPEC.md §3 subscription_plans. Prices in minor units (centavos). */
export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  slug: text('slug').unique(),
  name: text('name').notNull(),
  description: text('description'),
  credits: integer('credits').notNull().default(0),
  monthlyPriceCents: integer('monthly_price_cents').notNull().default(0),
  currency: text('currency').notNull().default('BRL'),
  features: jsonb('features').notNull().default({}),
  stripePriceId: text('stripe_price_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  isActive: boolean('is_active').notNull().default(true),
  isPublic: boolean('is_public').notNull().default(true),
});

/** SPEC.md §3 user_subscriptions: one row per user. */
export const userSubscriptions = pgTable('user_subscriptions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id').references(() => subscriptionPlans.id),
  creditsRemaining: integer('credits_remaining').notNull().default(0),
  status: text('status'),
  expiresAt: tz('expires_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  isTrial: boolean('is_trial').notNull().default(false),
  trialEndDate: tz('trial_end_date'),
});
