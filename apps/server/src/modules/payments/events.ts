import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { InvoiceFacts } from '../../lib/domain-events.ts';
import type { Deps } from '../../types.ts';
import * as repo from './repository.ts';
import {
  idOf,
  invoiceMetadata,
  invoicePeriodEnd,
  invoicePriceId,
  invoiceSubscriptionId,
  metaUuid,
  subscriptionPeriodEnd,
  subscriptionPriceId,
  type CheckoutSessionLike,
  type InvoiceLike,
  type StripeEventLike,
  type SubscriptionLike,
} from './stripe-objects.ts';

export type EventDeps = Omit<Deps, 'db'> & { db: DbOrTx };

/**
 * Stripe subscription status → ours (SubscriptionStatus). incomplete_expired is 'incomplete';
 * 'paused' (a trial that ended without a card) is 'unpaid'. A 'past_due' that follows our own
 * 'payment_failed' (Stripe gave up retrying) stays 'payment_failed'.
 */
export function mapStripeStatus(stripeStatus: string, previous: string | null): string {
  switch (stripeStatus) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return previous === 'payment_failed' ? 'payment_failed' : 'past_due';
    case 'unpaid':
    case 'paused':
      return 'unpaid';
    case 'canceled':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

const toDate = (s: number | null) => (s === null ? null : new Date(s * 1000));

async function checkoutRowFor(db: DbOrTx, s: CheckoutSessionLike) {
  const id = s.metadata?.checkoutId;
  const row = typeof id === 'string' ? await repo.findCheckout(db, id) : undefined;
  if (row) {
    // Stripe's session must be the one this checkout started (the local provider's is the row itself).
    if (row.provider === 'stripe' && row.providerSessionId !== s.id) return undefined;
    return row;
  }
  return repo.findCheckoutByProviderSession(db, s.id);
}

async function onCheckoutCompleted(
  deps: EventDeps,
  event: StripeEventLike,
  s: CheckoutSessionLike,
  log?: FastifyBaseLogger,
) {
  const { db } = deps;
  const ctx = { db, log };
  const now = deps.clock.now();
  const row = await checkoutRowFor(db, s);
  if (!row) return;
  const paid =
    event.type === 'checkout.session.async_payment_succeeded' ||
    s.payment_status === 'paid' ||
    s.payment_status === 'no_payment_required';
  if (!paid) return;
  if (row.kind === 'donation' && row.donationId) {
    await deps.domain.emit(ctx, 'payment.succeeded', {
      kind: 'donation',
      checkoutId: row.id,
      donationId: row.donationId,
      now,
    });
  }
  await repo.completeCheckout(db, row.id, {
    completedAt: now,
    lastError: null,
    ...(row.kind === 'subscription' ? { providerSubscriptionId: idOf(s.subscription) } : {}),
  });
  const customer = idOf(s.customer);
  if (row.kind === 'subscription' && row.userId && customer) {
    await deps.domain.emit(ctx, 'payment.succeeded', {
      kind: 'subscription',
      checkoutId: row.id,
      userId: row.userId,
      customerId: customer,
      now,
    });
  }
}

async function onCheckoutFailed(
  deps: EventDeps,
  event: StripeEventLike,
  s: CheckoutSessionLike,
  log?: FastifyBaseLogger,
) {
  const { db } = deps;
  const row = await checkoutRowFor(db, s);
  if (!row) return;
  const expired = event.type === 'checkout.session.expired';
  await repo.closeCheckout(db, row.id, {
    status: expired ? 'expired' : 'failed',
    lastError: expired ? null : 'PAYMENT_DECLINED',
  });
  if (row.donationId) {
    await deps.domain.emit({ db, log }, 'payment.failed', {
      kind: 'donation',
      checkoutId: row.id,
      donationId: row.donationId,
      now: deps.clock.now(),
    });
  }
}

async function onSubscription(
  deps: EventDeps,
  event: StripeEventLike,
  sub: SubscriptionLike,
  deleted: boolean,
  log?: FastifyBaseLogger,
) {
  if (typeof sub.id !== 'string' || typeof sub.status !== 'string' || !Number.isSafeInteger(sub.created)) return;
  await deps.domain.emit({ db: deps.db, log }, 'payment.subscription_changed', {
    subscriptionId: sub.id,
    providerStatus: sub.status,
    deleted,
    createdAt: new Date(sub.created * 1000),
    at: new Date(event.created * 1000),
    metaUserId: metaUuid(sub.metadata, 'userId'),
    metaPlanId: metaUuid(sub.metadata, 'planId'),
    customerId: idOf(sub.customer),
    priceId: subscriptionPriceId(sub),
    periodEnd: toDate(subscriptionPeriodEnd(sub)),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    now: deps.clock.now(),
  });
}

async function onInvoice(
  deps: EventDeps,
  event: StripeEventLike,
  inv: InvoiceLike & { billing_reason?: string },
  log?: FastifyBaseLogger,
) {
  const subId = invoiceSubscriptionId(inv);
  if (!subId || typeof inv.id !== 'string') return;
  const meta = invoiceMetadata(inv);
  const facts: InvoiceFacts = {
    invoiceId: inv.id,
    subscriptionId: subId,
    at: new Date(event.created * 1000),
    metaUserId: metaUuid(meta, 'userId'),
    metaPlanId: metaUuid(meta, 'planId'),
    customerId: idOf(inv.customer),
    priceId: invoicePriceId(inv),
    billingReason: inv.billing_reason,
    amountPaidCents: inv.amount_paid ?? 0,
    periodEnd: toDate(invoicePeriodEnd(inv)),
    retrying: !!inv.next_payment_attempt,
  };
  const ctx = { db: deps.db, log };
  const now = deps.clock.now();
  if (event.type === 'invoice.paid')
    await deps.domain.emit(ctx, 'payment.succeeded', { kind: 'invoice', now, ...facts });
  else await deps.domain.emit(ctx, 'payment.failed', { kind: 'invoice', now, ...facts });
}

/**
 * Applies one verified event inside the webhook's transaction: the provider's words become
 * domain events (payment.succeeded, payment.failed, payment.subscription_changed) that billing,
 * donations and referrals react to in the same transaction. Access changes only there
 * (SECURITY.md 22). Unknown event types are recorded and ignored.
 */
export async function applyEvent(deps: EventDeps, event: StripeEventLike, log?: FastifyBaseLogger): Promise<void> {
  const object = event.data.object as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(deps, event, object as unknown as CheckoutSessionLike, log);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return onCheckoutFailed(deps, event, object as unknown as CheckoutSessionLike, log);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return onSubscription(
        deps,
        event,
        object as unknown as SubscriptionLike,
        event.type === 'customer.subscription.deleted',
        log,
      );
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return onInvoice(deps, event, object as unknown as InvoiceLike, log);
    default:
      log?.debug({ type: event.type }, 'payment event ignored');
  }
}
