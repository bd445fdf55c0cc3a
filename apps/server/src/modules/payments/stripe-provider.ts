import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '@candeia/shared/errors';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type {
  CheckoutResult,
  DonationCheckoutInput,
  PaymentProvider,
  ProviderSubscriptionState,
  SubscriptionCheckoutInput,
} from './provider-base.ts';
import { subscriptionPeriodEnd } from './stripe-objects.ts';

const clients = new WeakMap<Config, Stripe>();

/** The SDK client; host, port and protocol come from the configuration (a local fake in tests). */
export function stripeClient(config: Config): Stripe {
  let client = clients.get(config);
  if (!client) {
    client = new Stripe(config.STRIPE_SECRET_KEY!, {
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Candeia' },
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * Stripe Checkout (mode 'subscription' with the plan's price, mode 'payment' for donations),
 * the Customer Portal and subscription updates. Every call carries an idempotency key, so the
 * SDK's retries (and ours) never create a second object.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    config: Config,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.stripe = stripeClient(config);
  }

  private async call<T>(what: string, fallback: ErrorCode, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = err as { type?: string; message?: string; statusCode?: number; code?: string };
      this.log?.error(
        { stripe: { what, type: e.type, code: e.code, status: e.statusCode, message: e.message } },
        'stripe call failed',
      );
      const unavailable =
        err instanceof Stripe.errors.StripeConnectionError ||
        e.type === 'StripeConnectionError' ||
        (typeof e.statusCode === 'number' && e.statusCode >= 500);
      throw new AppError(unavailable ? 'PROVIDER_UNAVAILABLE' : fallback);
    }
  }

  async createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutResult> {
    const priceId = input.plan.stripePriceId;
    if (!priceId) throw new AppError('PLAN_NOT_PURCHASABLE');
    return this.call('checkout', 'CHECKOUT_FAILED', async () => {
      const customerId =
        input.customerId ??
        (
          await this.stripe.customers.create(
            { email: input.email, metadata: { userId: input.userId } },
            // One customer per user, however often this is retried.
            { idempotencyKey: `customer:${input.userId}` },
          )
        ).id;
      const metadata = { checkoutId: input.checkoutId, userId: input.userId, planId: input.plan.id };
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customerId,
          client_reference_id: input.userId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: { ...metadata, kind: 'subscription' },
          subscription_data: {
            metadata,
            // The trial's free days are kept: the first charge is when the trial ends.
            ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
          },
        },
        { idempotencyKey: `checkout:${input.checkoutId}` },
      );
      if (!session.url) throw new Error('checkout session without a url');
      return { url: session.url, providerSessionId: session.id, customerId };
    });
  }

  async createDonationCheckout(input: DonationCheckoutInput): Promise<CheckoutResult> {
    return this.call('donation', 'DONATION_FAILED', async () => {
      const metadata = { checkoutId: input.checkoutId, donationId: input.donationId, kind: 'donation' };
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          submit_type: 'donate',
          ...(input.email ? { customer_email: input.email } : {}),
          ...(input.userId ? { client_reference_id: input.userId } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountCents,
                product_data: { name: 'Doação — Candeia' },
              },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          payment_intent_data: { metadata },
        },
        { idempotencyKey: `donation:${input.checkoutId}` },
      );
      if (!session.url) throw new Error('checkout session without a url');
      return { url: session.url, providerSessionId: session.id, customerId: null };
    });
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return this.call('portal', 'PROVIDER_UNAVAILABLE', async () => {
      const portal = await this.stripe.billingPortal.sessions.create(
        { customer: customerId, return_url: returnUrl },
        { idempotencyKey: `portal:${randomUUID()}` },
      );
      return { url: portal.url };
    });
  }

  private async setCancel(subscriptionId: string, cancel: boolean): Promise<ProviderSubscriptionState> {
    return this.call(cancel ? 'cancel' : 'resume', 'SUBSCRIPTION_UPDATE_FAILED', async () => {
      // A fresh key per user action: cancel, resume and cancel again are three different requests.
      const sub = await this.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: cancel },
        { idempotencyKey: `${cancel ? 'cancel' : 'resume'}:${subscriptionId}:${randomUUID()}` },
      );
      const end = subscriptionPeriodEnd(sub);
      return { cancelAtPeriodEnd: sub.cancel_at_period_end, currentPeriodEnd: end ? new Date(end * 1000) : null };
    });
  }

  cancelAtPeriodEnd(subscriptionId: string) {
    return this.setCancel(subscriptionId, true);
  }

  resume(subscriptionId: string) {
    return this.setCancel(subscriptionId, false);
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    await this.call('cancel-now', 'SUBSCRIPTION_UPDATE_FAILED', () =>
      this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel-now:${subscriptionId}` }),
    );
  }
}
