import type { PaymentsMode } from '@candeia/shared/schemas/billing';
import { seedsDemo, type Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newToken } from '../../lib/tokens.ts';

/** What a checkout needs of a plan (billing's plan row fits). */
export interface CheckoutPlan {
  id: string;
  stripePriceId: string | null;
}

export type ProviderName = 'stripe' | 'local';

export interface SubscriptionCheckoutInput {
  /** Our checkout id (also the idempotency key of the outgoing call). */
  checkoutId: string;
  userId: string;
  email: string;
  /** The provider's customer for this user, when known. */
  customerId: string | null;
  plan: CheckoutPlan;
  successUrl: string;
  cancelUrl: string;
  /**
   * The end of the member's running trial: the paid period starts then, so buying during the
   * trial keeps its free days (Stripe: `trial_end`). Null when there is none to keep.
   */
  trialEnd?: Date | null;
}

/** Stripe refuses a Checkout `trial_end` less than 48 hours away. */
export const MIN_TRIAL_END_MS = 48 * 60 * 60_000;

export interface DonationCheckoutInput {
  checkoutId: string;
  donationId: string;
  amountCents: number;
  currency: string;
  email: string | null;
  userId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutResult {
  /** Where the browser goes to pay. */
  url: string;
  providerSessionId: string | null;
  /** The provider customer the checkout used (created on the first checkout). */
  customerId: string | null;
}

export interface ProviderSubscriptionState {
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/**
 * What the app asks of a payment provider. Subscription state never comes back through these
 * calls into our tables: the provider's webhook events are the only way in (SECURITY.md 22).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutResult>;
  createDonationCheckout(input: DonationCheckoutInput): Promise<CheckoutResult>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscriptionState>;
  resume(subscriptionId: string): Promise<ProviderSubscriptionState>;
  /** Ends a subscription now (one replaced by a newer purchase). Events follow asynchronously. */
  cancelNow(subscriptionId: string): Promise<void>;
}

type PaymentSettings = Pick<Config, 'STRIPE_SECRET_KEY' | 'PAYMENTS_TEST_CHECKOUT' | 'SEED_DEMO' | 'DATABASE_URL'>;

/**
 * Whether the built-in test checkout takes payments: never beside Stripe; otherwise as
 * PAYMENTS_TEST_CHECKOUT says, and by default only where the demo data is (the embedded
 * database, or SEED_DEMO=true). Anywhere else the card 4242… would sell every plan for nothing.
 */
export function testCheckoutEnabled(config: PaymentSettings): boolean {
  if (config.STRIPE_SECRET_KEY) return false;
  return config.PAYMENTS_TEST_CHECKOUT ?? seedsDemo(config);
}

/** Stripe when STRIPE_SECRET_KEY is set, else the local provider when the test checkout is on, else none. */
export function activeProviderName(config: PaymentSettings): ProviderName | null {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  return testCheckoutEnabled(config) ? 'local' : null;
}

/** What the web app is told (GET /api/config/public): how payments are taken here. */
export function paymentsMode(config: PaymentSettings): PaymentsMode {
  const name = activeProviderName(config);
  return name === 'stripe' ? 'stripe' : name === 'local' ? 'test' : 'off';
}

/** The provider new checkouts go to; PAYMENTS_NOT_CONFIGURED when there is none. */
export function checkoutProviderName(config: PaymentSettings): ProviderName {
  const name = activeProviderName(config);
  if (!name) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  return name;
}

/** The provider that owns a subscription id (the local provider's ids are ours). */
export function providerOfSubscription(subscriptionId: string): ProviderName {
  return subscriptionId.startsWith('sub_local_') ? 'local' : 'stripe';
}

export interface ProviderDeps {
  db: DbOrTx;
  clock: Clock;
  config: Config;
}

/** Adds one calendar month (UTC), clamped to the month's last day (Jan 31 → Feb 28/29). */
export function addMonth(d: Date): Date {
  const out = new Date(d);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + 1);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

/** Our checkout id: 256 random bits, the capability that reads the checkout's status. */
export const newCheckoutId = () => `chk_${newToken()}`;
