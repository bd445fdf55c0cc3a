import { sql } from 'drizzle-orm';
import { CREDIT_BALANCE_MAX } from '@candeia/shared/constants';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * SPEC.md §3 user_subscriptions: one row per user. What the payment provider confirmed (by
 * webhook) is kept here; the credit balance is NOT (it lives in credit_accounts, and
 * `credits_remaining` is a legacy column that stays 0).
 */
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
  /** 'stripe' | 'local' once a paid subscription exists. */
  provider: text('provider'),
  providerCustomerId: text('provider_customer_id'),
  /** The provider subscription this row shows (see provider_subscriptions). */
  providerSubscriptionId: text('provider_subscription_id'),
  currentPeriodEnd: tz('current_period_end'),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** When the paid subscription ends, move to the free plan instead of 'canceled'. */
  downgradeToFree: boolean('downgrade_to_free').notNull().default(false),
  /** The trial ended unpaid and the user was moved to the free plan; cleared once seen. */
  trialEndedNotice: boolean('trial_ended_notice').notNull().default(false),
  /** When the member was told their trial ends in 3 days (the trial's end it was told of). */
  trialEndingToldFor: tz('trial_ending_told_for'),
});

/**
 * Every provider subscription a webhook told us about, with its own ordering mark: an event
 * older than `last_event_at` never moves it back, an ended one never comes back, and one seen
 * after a newer subscription never becomes the user's current one.
 */
export const providerSubscriptions = pgTable(
  'provider_subscriptions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    planId: uuid('plan_id').references(() => subscriptionPlans.id),
    /** Our status (SubscriptionStatus), mapped from the provider's. */
    status: text('status').notNull(),
    providerStatus: text('provider_status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: tz('current_period_end'),
    /** The provider's creation time of the subscription. */
    createdAt: tz('created_at').notNull(),
    /** `created` of the newest event applied to it. */
    lastEventAt: tz('last_event_at').notNull(),
    endedAt: tz('ended_at'),
  },
  (t) => [index('provider_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** Credit amounts are 64-bit in the database and JS numbers in the app (decision 010). */
const credits = (name: string) => bigint(name, { mode: 'number' });

/** One balance per user; only changed together with a credit_ledger row. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: credits('balance').notNull().default(0),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('credit_accounts_balance_non_negative', sql`${t.balance} >= 0`),
    check('credit_accounts_balance_max', sql`${t.balance} <= ${sql.raw(String(CREDIT_BALANCE_MAX))}`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). No foreign key on user_id:
 * history outlives the account. balance(user) = sum(delta) of the user's rows.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    delta: credits('delta').notNull(),
    balanceAfter: credits('balance_after').notNull(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('credit_ledger_user_key').on(t.userId, t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.id),
    check('credit_ledger_balance_after_non_negative', sql`${t.balanceAfter} >= 0`),
  ],
);

/** Credits held for a chat answer: held → committed (actual cost) or refunded. */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: credits('amount').notNull(),
    actualCost: credits('actual_cost'),
    status: text('status').notNull().default('held'),
    idempotencyKey: text('idempotency_key').notNull(),
    reference: text('reference'),
    createdAt: tz('created_at').notNull().defaultNow(),
    settledAt: tz('settled_at'),
  },
  (t) => [
    unique('credit_reservations_user_key').on(t.userId, t.idempotencyKey),
    index('credit_reservations_held_idx').on(t.status, t.createdAt),
    check('credit_reservations_amount_positive', sql`${t.amount} > 0`),
    check('credit_reservations_status', sql`${t.status} in ('held', 'committed', 'refunded')`),
  ],
);

/**
 * A checkout started by the app (subscription or donation), for either provider. The id is
 * ours, 256 random bits: a capability for the public status read.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => subscriptionPlans.id),
    donationId: uuid('donation_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    /** open → complete (webhook-confirmed) | failed | expired. */
    status: text('status').notNull().default('open'),
    lastError: text('last_error'),
    /**
     * Local provider, donations: SHA-256 of the random token the opening browser holds in an
     * HttpOnly cookie; only that browser may pay the checkout.
     */
    payerTokenHash: text('payer_token_hash'),
    /** Local provider only: when the test card was accepted (before the webhook confirms). */
    providerPaidAt: tz('provider_paid_at'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: tz('created_at').notNull(),
    completedAt: tz('completed_at'),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId, t.createdAt)],
);

export const donations = pgTable(
  'donations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    checkoutSessionId: text('checkout_session_id').unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('BRL'),
    status: text('status').notNull().default('pending'),
    createdAt: tz('created_at').notNull(),
    paidAt: tz('paid_at'),
  },
  (t) => [
    index('donations_created_idx').on(t.createdAt),
    check('donations_amount_positive', sql`${t.amountCents} > 0`),
    check('donations_status', sql`${t.status} in ('pending', 'paid', 'failed')`),
  ],
);

/** Provider events already applied, by event id: inserted in the same transaction as the effect. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  eventCreatedAt: tz('event_created_at').notNull(),
  receivedAt: tz('received_at').notNull(),
});

/** Referral rewards: at most one per referred user and kind ('signup' | 'first_payment'). */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    beneficiaryUserId: uuid('beneficiary_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    credits: integer('credits').notNull(),
    days: integer('days').notNull().default(0),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    unique('referral_rewards_referred_kind').on(t.referredUserId, t.kind),
    index('referral_rewards_beneficiary_idx').on(t.beneficiaryUserId, t.createdAt),
  ],
);

/** The local payment provider's own state (what Stripe keeps on its side). */
export const localProviderSubscriptions = pgTable('local_provider_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  checkoutSessionId: text('checkout_session_id').notNull().unique(),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodStart: tz('current_period_start').notNull(),
  currentPeriodEnd: tz('current_period_end').notNull(),
  periodIndex: integer('period_index').notNull().default(0),
  createdAt: tz('created_at').notNull(),
});

/** Events the local provider emitted, delivered (signed) to the webhook handler in order. */
export const localProviderEvents = pgTable(
  'local_provider_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: tz('created_at').notNull(),
    deliveredAt: tz('delivered_at'),
  },
  (t) => [index('local_provider_events_pending_idx').on(t.deliveredAt, t.seq)],
);
