import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DomainContext, InvoiceFacts, SubscriptionFacts } from '../../lib/domain-events.ts';
import type { Deps } from '../../types.ts';
import { grant } from '../credits/index.ts';
import { notify } from '../notifications/index.ts';
import { mapStripeStatus, paymentProvider, providerOfSubscription } from '../payments/index.ts';
import * as billingRepo from './repository.ts';
import type { NewProviderSubscription, ProviderSubscriptionRow } from './repository.ts';
import { fallBackToFreePlan } from './service.ts';

/**
 * Billing's reactions to the payment provider's events (payments emits them inside the webhook's
 * transaction): a provider subscription is mirrored in provider_subscriptions and projected onto
 * the member's subscription row; a paid invoice grants the plan's credits for its period.
 */
type SyncDeps = Omit<Deps, 'db'> & { db: DbOrTx };

/** Statuses a subscription must have to become the one a user's access comes from. */
const GRANTING = new Set(['active', 'trialing']);
/** Stripe statuses after which a subscription never comes back. */
const TERMINAL = new Set(['canceled', 'incomplete_expired']);
/** Invoices that pay a period of the plan (not prorations or one-off invoices). */
const PERIOD_REASONS = new Set(['subscription_create', 'subscription_cycle', 'subscription']);

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

function effectivelyCanceled(ps: ProviderSubscriptionRow, now: Date): boolean {
  return ps.cancelAtPeriodEnd && !!ps.currentPeriodEnd && ps.currentPeriodEnd <= now;
}

/** The user's subscription row, locked; created (empty) for a user who has none yet. */
async function lockUserRow(db: DbOrTx, userId: string, now: Date) {
  let row = await billingRepo.lockSubscription(db, userId);
  if (row) return row;
  if (!(await billingRepo.userExists(db, userId))) return undefined;
  await billingRepo.insertEmptySubscription(db, userId, now);
  row = await billingRepo.lockSubscription(db, userId);
  return row;
}

async function resolvePlanId(db: DbOrTx, metaPlanId: string | null, priceId: string | null): Promise<string | null> {
  if (metaPlanId && (await billingRepo.findPlan(db, metaPlanId))) return metaPlanId;
  if (priceId) return (await billingRepo.findPlanByPriceId(db, priceId))?.id ?? null;
  return null;
}

/** A subscription replaced by a newer purchase: ended here at once, and canceled at the provider. */
async function endReplaced(deps: SyncDeps, ps: ProviderSubscriptionRow, now: Date, log?: FastifyBaseLogger) {
  await billingRepo.updateProviderSubscription(deps.db, ps.id, { endedAt: now, status: 'canceled' });
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
  deps: SyncDeps,
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
      const current = await billingRepo.lockProviderSubscription(db, userRow.providerSubscriptionId);
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
      if (!ps.endedAt) await billingRepo.updateProviderSubscription(db, ps.id, { endedAt: now });
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

/** payment.subscription_changed: the provider subscription mirrored, then projected. */
export async function onSubscriptionChanged(
  deps: SyncDeps,
  sub: SubscriptionFacts & { now: Date },
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db, now, at } = { db: deps.db, now: sub.now, at: sub.at };
  const known = await billingRepo.findProviderSubscription(db, sub.subscriptionId);
  const userId = known?.userId ?? sub.metaUserId ?? (await billingRepo.userIdByCustomer(db, sub.customerId));
  if (!userId) return;
  // Lock order, everywhere: the user's row, then the provider subscription.
  const userRow = await lockUserRow(db, userId, now);
  if (!userRow) return;
  const before = await billingRepo.lockProviderSubscription(db, sub.subscriptionId);
  const ended = sub.deleted || TERMINAL.has(sub.providerStatus);
  const periodEnd = sub.periodEnd;
  const planId = await resolvePlanId(db, sub.metaPlanId, sub.priceId);
  let ps: ProviderSubscriptionRow;
  if (!before) {
    ps = await billingRepo.insertProviderSubscription(db, {
      id: sub.subscriptionId,
      provider: providerOfSubscription(sub.subscriptionId),
      userId,
      customerId: sub.customerId,
      planId,
      status: sub.deleted ? 'canceled' : mapStripeStatus(sub.providerStatus, null),
      providerStatus: sub.providerStatus,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodEnd: periodEnd,
      createdAt: sub.createdAt,
      lastEventAt: at,
      endedAt: ended ? at : null,
    });
  } else {
    // An ended subscription never comes back; an older event never moves state back.
    if (before.endedAt || at < before.lastEventAt) return;
    ps = await billingRepo.updateProviderSubscription(db, sub.subscriptionId, {
      status: sub.deleted ? 'canceled' : mapStripeStatus(sub.providerStatus, before.status),
      providerStatus: sub.providerStatus,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      currentPeriodEnd: later(before.currentPeriodEnd, periodEnd),
      planId: planId ?? before.planId,
      customerId: sub.customerId ?? before.customerId,
      lastEventAt: at,
      endedAt: ended ? at : null,
    });
  }
  await project(deps, userRow, ps, now, log);
}

/**
 * payment.succeeded / payment.failed of an invoice: the plan's credits for the period a paid
 * invoice pays (once per invoice, whatever the order), subscription.paid for the referral
 * program, then the provider subscription's status and period end.
 */
export async function onInvoice(
  deps: SyncDeps,
  inv: InvoiceFacts & { now: Date },
  paid: boolean,
  log?: FastifyBaseLogger,
): Promise<void> {
  const { db } = deps;
  const { now, at } = inv;
  const known = await billingRepo.findProviderSubscription(db, inv.subscriptionId);
  const userId = known?.userId ?? inv.metaUserId ?? (await billingRepo.userIdByCustomer(db, inv.customerId));
  if (!userId) return;
  const userRow = await lockUserRow(db, userId, now);
  if (!userRow) return;
  const ps = await billingRepo.lockProviderSubscription(db, inv.subscriptionId);
  if (paid) {
    const planId = ps?.planId ?? (await resolvePlanId(db, inv.metaPlanId, inv.priceId));
    const plan = planId ? await billingRepo.findPlan(db, planId) : undefined;
    if (plan && plan.credits > 0 && (!inv.billingReason || PERIOD_REASONS.has(inv.billingReason)))
      await grant(db, userId, plan.credits, 'plan_period', `invoice:${inv.invoiceId}`, `invoice:${inv.invoiceId}`, now);
    if (inv.amountPaidCents > 0)
      await deps.domain.emit({ db, log }, 'subscription.paid', { userId, amountPaidCents: inv.amountPaidCents, now });
  }
  if (!ps || ps.endedAt) return;
  const newer = at >= ps.lastEventAt;
  const values: Partial<NewProviderSubscription> = {};
  if (paid) {
    // A paid period only ever extends the period end.
    values.currentPeriodEnd = later(ps.currentPeriodEnd, inv.periodEnd);
    if (newer) Object.assign(values, { status: 'active', providerStatus: 'active', lastEventAt: at });
  } else {
    if (!newer) return;
    // The member is told when payments begin to fail, not at each retry (once per invoice).
    if (ps.status !== 'past_due' && ps.status !== 'payment_failed')
      await notify(db, { userId, type: 'payment_failed', key: `payment-failed:${inv.invoiceId}` }, now);
    // Stripe retries while next_payment_attempt is set (past_due: blocked, can still sign in and fix
    // the card); without one it gave up: payment_failed, which also blocks sign-in (SPEC.md §4).
    Object.assign(values, { status: inv.retrying ? 'past_due' : 'payment_failed', lastEventAt: at });
  }
  const updated = await billingRepo.updateProviderSubscription(db, ps.id, values);
  await project(deps, userRow, updated, now, log);
}

/** The customer the provider used for a member's paid checkout, kept for the next checkouts. */
export async function rememberCustomer(db: DbOrTx, userId: string, customerId: string): Promise<void> {
  await billingRepo.setProviderCustomer(db, userId, customerId);
}

/** Subscribes billing's reactions (app build). */
export function subscribeBilling(deps: Deps): void {
  const withTx = (ctx: DomainContext): SyncDeps => ({ ...deps, db: ctx.db });
  deps.domain.on('payment.subscription_changed', (ctx, e) => onSubscriptionChanged(withTx(ctx), e, ctx.log));
  deps.domain.on('payment.succeeded', async (ctx, e) => {
    if (e.kind === 'invoice') await onInvoice(withTx(ctx), e, true, ctx.log);
    else if (e.kind === 'subscription') await rememberCustomer(ctx.db, e.userId, e.customerId);
  });
  deps.domain.on('payment.failed', async (ctx, e) => {
    if (e.kind === 'invoice') await onInvoice(withTx(ctx), e, false, ctx.log);
  });
}
