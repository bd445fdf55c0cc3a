import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkoutSessions, donations, providerSubscriptions, userSubscriptions, users } from '../../db/schema/index.ts';
import type { Deps } from '../../types.ts';
import * as billingRepo from '../billing/repository.ts';
import type { ProviderSubscriptionRow } from '../billing/repository.ts';
import { fallBackToFreePlan } from '../billing/service.ts';
import { grant } from '../credits/service.ts';
import { rewardReferrerOnFirstPayment } from '../referrals/service.ts';
import { paymentProvider, providerOfSubscription } from './provider.ts';
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

/** Statuses a subscription must have to become the one a user's access comes from. */
const GRANTING = new Set(['active', 'trialing']);
/** Stripe statuses after which a subscription never comes back. */
const TERMINAL = new Set(['canceled', 'incomplete_expired']);
/** Invoices that pay a period of the plan (not prorations or one-off invoices). */
const PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle', 'subscription']);

const toDate = (s: number | null) => (s === null ? null : new Date(s * 1000));
const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

function effectivelyCanceled(ps: ProviderSubscriptionRow, now: Date): boolean {
  return ps.cancelAtPeriodEnd && !!ps.currentPeriodEnd && ps.currentPeriodEnd <= now;
}

async function lockProviderSubscription(db: DbOrTx, id: string): Promise<ProviderSubscriptionRow | undefined> {
  const [row] = await db.select().from(providerSubscriptions).where(eq(providerSubscriptions.id, id)).for('update');
  return row;
}

async function updateProviderSubscription(
  db: DbOrTx,
  id: string,
  values: Partial<typeof providerSubscriptions.$inferInsert>,
): Promise<ProviderSubscriptionRow> {
  const [row] = await db.update(providerSubscriptions).set(values).where(eq(providerSubscriptions.id, id)).returning();
  return row!;
}

async function userIdByCustomer(db: DbOrTx, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.providerCustomerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

/** The user's subscription row, locked; created (empty) for a user who has none yet. */
async function lockUserRow(db: DbOrTx, userId: string, now: Date) {
  let row = await billingRepo.lockSubscription(db, userId);
  if (row) return row;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true } });
  if (!user) return undefined;
  await db
    .insert(userSubscriptions)
    .values({ userId, status: null, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  row = await billingRepo.lockSubscription(db, userId);
  return row;
}

async function resolvePlanId(db: DbOrTx, metaPlanId: string | null, priceId: string | null): Promise<string | null> {
  if (metaPlanId && (await billingRepo.findPlan(db, metaPlanId))) return metaPlanId;
  if (priceId) return (await billingRepo.findPlanByPriceId(db, priceId))?.id ?? null;
  return null;
}

/** A subscription replaced by a newer purchase: ended here at once, and canceled at the provider. */
async function endReplaced(deps: EventDeps, ps: ProviderSubscriptionRow, now: Date, log?: FastifyBaseLogger) {
  await updateProviderSubscription(deps.db, ps.id, { endedAt: now, status: 'canceled' });
  // One set to cancel whose period is over is ending on its own at the provider.
  if (effectivelyCanceled(ps, now)) return;
  if (ps.provider === 'stripe' && !deps.config.STRIPE_SECRET_KEY) {
    log?.error({ subscription: ps.id }, 'replaced Stripe subscription not canceled: Stripe is not configured');
    return;
  }
  try {
    await paymentProvider(deps, ps.provider as 'stripe' | 'local', log).cancelNow(ps.id);
  } catch (err) {
    // Unreachable provider: fail, so the event is retried. A refusal (already canceled) is final.
    if (!(err instanceof AppError) || err.code !== 'SUBSCRIPTION_UPDATE_FAILED') throw err;
    log?.warn({ subscription: ps.id }, 'replaced subscription could not be canceled at the provider');
  }
}

/**
 * Shows a provider subscription on the user's row when it is (or becomes) the current one. A
 * subscription becomes current only when it grants access and is newer than the current one;
 * of two live subscriptions the older is ended (the user bought another plan).
 */
async function project(
  deps: EventDeps,
  userRow: billingRepo.SubscriptionRow,
  ps: ProviderSubscriptionRow,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db } = deps;
  const isCurrent = userRow.providerSubscriptionId === ps.id;
  if (!isCurrent) {
    if (ps.endedAt || !GRANTING.has(ps.status) || effectivelyCanceled(ps, now)) return;
    if (userRow.providerSubscriptionId) {
      const current = await lockProviderSubscription(db, userRow.providerSubscriptionId);
      if (current && !current.endedAt) {
        if (current.createdAt > ps.createdAt) {
          await endReplaced(deps, ps, now, log);
          return;
        }
        await endReplaced(deps, current, now, log);
      }
    }
  }
  if (ps.endedAt || effectivelyCanceled(ps, now)) {
    // Set to cancel at the period end (by the member, or by choosing the free plan): the free plan.
    if (userRow.downgradeToFree || userRow.cancelAtPeriodEnd || ps.cancelAtPeriodEnd) {
      if (!ps.endedAt) await updateProviderSubscription(db, ps.id, { endedAt: now });
      await fallBackToFreePlan(db, userRow.userId, now);
      return;
    }
    await billingRepo.updateSubscription(db, userRow.userId, {
      // Ended: 'canceled' (or 'incomplete' for a first payment that never completed).
      status: ps.endedAt && ps.status === 'incomplete' ? 'incomplete' : 'canceled',
      cancelAtPeriodEnd: ps.cancelAtPeriodEnd,
      currentPeriodEnd: ps.currentPeriodEnd,
      expiresAt: ps.currentPeriodEnd,
      updatedAt: now,
    });
    return;
  }
  await billingRepo.updateSubscription(db, userRow.userId, {
    planId: ps.planId ?? userRow.planId,
    status: ps.status,
    isTrial: false,
    trialEndDate: null,
    trialEndedNotice: false,
    expiresAt: ps.currentPeriodEnd,
    currentPeriodEnd: ps.currentPeriodEnd,
    cancelAtPeriodEnd: ps.cancelAtPeriodEnd,
    downgradeToFree: isCurrent && ps.cancelAtPeriodEnd ? userRow.downgradeToFree : false,
    provider: ps.provider,
    providerCustomerId: ps.customerId ?? userRow.providerCustomerId,
    providerSubscriptionId: ps.id,
    updatedAt: now,
  });
}

async function onSubscription(
  deps: EventDeps,
  event: StripeEventLike,
  sub: SubscriptionLike,
  deleted: boolean,
  log?: FastifyBaseLogger,
) {
  const { db } = deps;
  const now = deps.clock.now();
  const at = new Date(event.created * 1000);
  if (typeof sub.id !== 'string' || typeof sub.status !== 'string' || !Number.isSafeInteger(sub.created)) return;
  const known = await billingRepo.findProviderSubscription(db, sub.id);
  const userId = known?.userId ?? metaUuid(sub.metadata, 'userId') ?? (await userIdByCustomer(db, idOf(sub.customer)));
  if (!userId) return;
  // Lock order, everywhere: the user's row, then the provider subscription.
  const userRow = await lockUserRow(db, userId, now);
  if (!userRow) return;
  const before = await lockProviderSubscription(db, sub.id);
  const ended = deleted || TERMINAL.has(sub.status);
  const periodEnd = toDate(subscriptionPeriodEnd(sub));
  const planId = await resolvePlanId(db, metaUuid(sub.metadata, 'planId'), subscriptionPriceId(sub));
  let ps: ProviderSubscriptionRow;
  if (!before) {
    [ps] = (await db
      .insert(providerSubscriptions)
      .values({
        id: sub.id,
        provider: providerOfSubscription(sub.id),
        userId,
        customerId: idOf(sub.customer),
        planId,
        status: deleted ? 'canceled' : mapStripeStatus(sub.status, null),
        providerStatus: sub.status,
        cancelAtPeriodEnd: sub.cancel_at_period_end === true,
        currentPeriodEnd: periodEnd,
        createdAt: new Date(sub.created * 1000),
        lastEventAt: at,
        endedAt: ended ? at : null,
      })
      .returning()) as [ProviderSubscriptionRow];
  } else {
    // An ended subscription never comes back; an older event never moves state back.
    if (before.endedAt || at < before.lastEventAt) return;
    ps = await updateProviderSubscription(db, sub.id, {
      status: deleted ? 'canceled' : mapStripeStatus(sub.status, before.status),
      providerStatus: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end === true,
      currentPeriodEnd: later(before.currentPeriodEnd, periodEnd),
      planId: planId ?? before.planId,
      customerId: idOf(sub.customer) ?? before.customerId,
      lastEventAt: at,
      endedAt: ended ? at : null,
    });
  }
  await project(deps, userRow, ps, now, log);
}

async function onInvoice(
  deps: EventDeps,
  event: StripeEventLike,
  inv: InvoiceLike & { billing_reason?: string },
  log?: FastifyBaseLogger,
) {
  const { db } = deps;
  const now = deps.clock.now();
  const at = new Date(event.created * 1000);
  const paid = event.type === 'invoice.paid';
  const subId = invoiceSubscriptionId(inv);
  if (!subId || typeof inv.id !== 'string') return;
  const meta = invoiceMetadata(inv);
  const known = await billingRepo.findProviderSubscription(db, subId);
  const userId = known?.userId ?? metaUuid(meta, 'userId') ?? (await userIdByCustomer(db, idOf(inv.customer)));
  if (!userId) return;
  const userRow = await lockUserRow(db, userId, now);
  if (!userRow) return;
  const ps = await lockProviderSubscription(db, subId);
  if (paid) {
    // The plan's credits for the period this invoice pays: once per invoice, whatever the order.
    const planId = ps?.planId ?? (await resolvePlanId(db, metaUuid(meta, 'planId'), invoicePriceId(inv)));
    const plan = planId ? await billingRepo.findPlan(db, planId) : undefined;
    if (plan && plan.credits > 0 && (!inv.billing_reason || PERIOD_REASONS.has(inv.billing_reason)))
      await grant(db, userId, plan.credits, 'plan_period', `invoice:${inv.id}`, `invoice:${inv.id}`, now);
    if ((inv.amount_paid ?? 0) > 0) await rewardReferrerOnFirstPayment(db, userId, now);
  }
  if (!ps || ps.endedAt) return;
  const newer = at >= ps.lastEventAt;
  const values: Partial<typeof providerSubscriptions.$inferInsert> = {};
  if (paid) {
    // A paid period only ever extends the period end.
    values.currentPeriodEnd = later(ps.currentPeriodEnd, toDate(invoicePeriodEnd(inv)));
    if (newer) Object.assign(values, { status: 'active', providerStatus: 'active', lastEventAt: at });
  } else {
    if (!newer) return;
    // Stripe retries while next_payment_attempt is set (past_due: blocked, can still sign in and fix
    // the card); without one it gave up: payment_failed, which also blocks sign-in (SPEC.md §4).
    Object.assign(values, { status: inv.next_payment_attempt ? 'past_due' : 'payment_failed', lastEventAt: at });
  }
  const updated = await updateProviderSubscription(db, ps.id, values);
  await project(deps, userRow, updated, now, log);
}

async function checkoutRowFor(db: DbOrTx, s: CheckoutSessionLike) {
  const id = s.metadata?.checkoutId;
  const row = typeof id === 'string' ? await billingRepo.findCheckout(db, id) : undefined;
  if (row) {
    // Stripe's session must be the one this checkout started (the local provider's is the row itself).
    if (row.provider === 'stripe' && row.providerSessionId !== s.id) return undefined;
    return row;
  }
  return db.query.checkoutSessions.findFirst({ where: eq(checkoutSessions.providerSessionId, s.id) });
}

async function onCheckoutCompleted(deps: EventDeps, event: StripeEventLike, s: CheckoutSessionLike) {
  const { db } = deps;
  const now = deps.clock.now();
  const row = await checkoutRowFor(db, s);
  if (!row) return;
  const paid =
    event.type === 'checkout.session.async_payment_succeeded' ||
    s.payment_status === 'paid' ||
    s.payment_status === 'no_payment_required';
  if (!paid) return;
  if (row.kind === 'donation' && row.donationId) {
    await db
      .update(donations)
      .set({ status: 'paid', paidAt: now })
      .where(and(eq(donations.id, row.donationId), ne(donations.status, 'paid')));
  }
  await db
    .update(checkoutSessions)
    .set({
      status: 'complete',
      completedAt: now,
      lastError: null,
      ...(row.kind === 'subscription' ? { providerSubscriptionId: idOf(s.subscription) } : {}),
    })
    .where(and(eq(checkoutSessions.id, row.id), ne(checkoutSessions.status, 'complete')));
  const customer = idOf(s.customer);
  if (row.kind === 'subscription' && row.userId && customer) {
    await db
      .update(userSubscriptions)
      .set({ providerCustomerId: customer })
      .where(eq(userSubscriptions.userId, row.userId));
  }
}

async function onCheckoutFailed(deps: EventDeps, event: StripeEventLike, s: CheckoutSessionLike) {
  const { db } = deps;
  const row = await checkoutRowFor(db, s);
  if (!row) return;
  const expired = event.type === 'checkout.session.expired';
  await db
    .update(checkoutSessions)
    .set({ status: expired ? 'expired' : 'failed', lastError: expired ? null : 'PAYMENT_DECLINED' })
    .where(and(eq(checkoutSessions.id, row.id), eq(checkoutSessions.status, 'open')));
  if (row.donationId) {
    await db
      .update(donations)
      .set({ status: 'failed' })
      .where(and(eq(donations.id, row.donationId), eq(donations.status, 'pending')));
  }
}

/**
 * Applies one verified event inside the webhook's transaction. Access changes only here
 * (SECURITY.md 22). Unknown event types are recorded and ignored.
 */
export async function applyEvent(deps: EventDeps, event: StripeEventLike, log?: FastifyBaseLogger): Promise<void> {
  const object = event.data.object as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return onCheckoutCompleted(deps, event, object as unknown as CheckoutSessionLike);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return onCheckoutFailed(deps, event, object as unknown as CheckoutSessionLike);
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
