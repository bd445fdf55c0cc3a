import type { FastifyBaseLogger } from 'fastify';
import { paths } from '@candeia/shared/routes';
import type {
  BillingDetailsDto,
  CancelDto,
  CheckoutDto,
  CheckoutSessionDto,
  PortalDto,
} from '@candeia/shared/schemas/billing';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor, Deps } from '../../types.ts';
import { balance } from '../credits/index.ts';
import {
  activeProviderName,
  CHECKOUT_TTL_MS,
  checkoutProviderName,
  deliverPending,
  findCheckout,
  insertCheckout,
  MIN_TRIAL_END_MS,
  newCheckoutId,
  paymentProvider,
  successUrl,
  updateCheckout,
  type ProviderName,
} from '../payments/index.ts';
import * as repo from './repository.ts';
import { ensureFreePlan, subscriptionState } from './service.ts';

const absolute = (deps: Deps, path: string) => `${deps.config.APP_URL.replace(/\/$/, '')}${path}`;

/** The user's paid subscription at a provider that has not ended, if any. */
async function livePaidSubscription(deps: Deps, userId: string) {
  const sub = await repo.findSubscription(deps.db, userId);
  if (!sub?.providerSubscriptionId || sub.status === 'canceled') return null;
  const ps = await repo.findProviderSubscription(deps.db, sub.providerSubscriptionId);
  if (!ps || ps.endedAt) return null;
  return { sub, ps, provider: ps.provider as ProviderName };
}

/**
 * POST /api/billing/checkout (SPEC.md §4 "Choosing a plan"). A paid plan starts a checkout at the
 * provider; access follows only from the provider's webhook. The free plan needs no payment:
 * the user moves to it now, or, with a paid subscription running, when its period ends.
 */
export async function startCheckout(
  deps: Deps,
  actor: Actor,
  planId: string,
  log?: FastifyBaseLogger,
): Promise<CheckoutDto> {
  const { userId } = requireAccess(actor, 'subscription.self');
  const plan = await repo.findPlan(deps.db, planId);
  if (!plan || !plan.isActive || !plan.isPublic) throw new AppError('PLAN_NOT_FOUND');
  await repo.ensureProfile(deps.db, userId);
  const now = deps.clock.now();

  if (plan.monthlyPriceCents <= 0) {
    const live = await livePaidSubscription(deps, userId);
    if (live) {
      if (!live.sub.cancelAtPeriodEnd) await changeCancel(deps, live, true, log);
      await repo.updateSubscription(deps.db, userId, { downgradeToFree: true, updatedAt: now });
    } else {
      try {
        await ensureFreePlan(deps.db, userId, now);
      } catch (err) {
        log?.error({ err: String(err) }, 'free plan update failed');
        throw new AppError('SUBSCRIPTION_UPDATE_FAILED');
      }
    }
    return { url: paths.subscription(), sessionId: '' };
  }

  const provider = paymentProvider(deps, checkoutProviderName(deps.config), log);
  if (provider.name === 'stripe' && !plan.stripePriceId) {
    log?.warn({ plan: plan.id }, 'paid plan without a Stripe price id');
    throw new AppError('PLAN_NOT_PURCHASABLE');
  }
  const user = await repo.findUserEmail(deps.db, userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  const sub = await repo.findSubscription(deps.db, userId);
  const knownCustomer = sub?.providerCustomerId ?? null;
  // Buying during the trial keeps its free days: Stripe starts charging when the trial ends
  // (its trial_end must be 48 h away at least); the local provider adds them to the first period.
  const trialEnd =
    sub?.isTrial && sub.trialEndDate && sub.trialEndDate.getTime() - now.getTime() >= MIN_TRIAL_END_MS
      ? sub.trialEndDate
      : null;
  const id = newCheckoutId();
  await insertCheckout(deps.db, {
    id,
    provider: provider.name,
    kind: 'subscription',
    userId,
    planId: plan.id,
    amountCents: plan.monthlyPriceCents,
    currency: plan.currency,
    status: 'open',
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
  });
  try {
    const res = await provider.createSubscriptionCheckout({
      checkoutId: id,
      userId,
      email: user.email,
      // A customer of the other provider is no use here.
      customerId:
        knownCustomer && knownCustomer.startsWith('cus_local_') === (provider.name === 'local') ? knownCustomer : null,
      plan,
      successUrl: absolute(deps, successUrl(id)),
      cancelUrl: absolute(deps, paths.subscription({ checkout: 'canceled' })),
      trialEnd,
    });
    if (res.providerSessionId) await updateCheckout(deps.db, id, { providerSessionId: res.providerSessionId });
    if (res.customerId && res.customerId !== knownCustomer)
      await repo.updateSubscription(deps.db, userId, { providerCustomerId: res.customerId });
    return { url: res.url, sessionId: id };
  } catch (err) {
    await updateCheckout(deps.db, id, {
      status: 'failed',
      lastError: err instanceof AppError ? err.code : 'CHECKOUT_FAILED',
    });
    if (err instanceof AppError) throw err;
    log?.error({ err: String(err) }, 'checkout failed');
    throw new AppError('CHECKOUT_FAILED');
  }
}

/**
 * Asks the provider to set or clear cancel-at-period-end. Our state follows from its event: the
 * local provider's is delivered before this returns; Stripe's arrives by webhook.
 */
async function changeCancel(
  deps: Deps,
  live: NonNullable<Awaited<ReturnType<typeof livePaidSubscription>>>,
  cancel: boolean,
  log?: FastifyBaseLogger,
) {
  const provider = paymentProvider(deps, live.provider, log);
  const state = cancel ? await provider.cancelAtPeriodEnd(live.ps.id) : await provider.resume(live.ps.id);
  if (provider.name === 'local') await deliverPending(deps, log);
  return state;
}

function cancelDto(state: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }): CancelDto {
  return {
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
  };
}

/** POST /api/billing/cancel: cancel at period end, no fee; access lasts until then. */
export async function cancelSubscription(deps: Deps, actor: Actor, log?: FastifyBaseLogger): Promise<CancelDto> {
  const live = await livePaidSubscription(deps, requireAccess(actor, 'subscription.self').userId);
  if (!live) throw new AppError('NO_PAID_SUBSCRIPTION');
  if (live.sub.cancelAtPeriodEnd) return cancelDto(live.sub);
  return cancelDto(await changeCancel(deps, live, true, log));
}

/**
 * A closed account's paid subscription (decision 026): cancelled at the provider as the member's
 * own cancel does, so it never renews. True when a cancellation was asked for.
 */
export async function cancelForClosedAccount(deps: Deps, userId: string, log?: FastifyBaseLogger): Promise<boolean> {
  const live = await livePaidSubscription(deps, userId);
  if (!live || live.sub.cancelAtPeriodEnd) return false;
  await changeCancel(deps, live, true, log);
  return true;
}

/** POST /api/billing/resume: undoes a cancellation before the period ends. */
export async function resumeSubscription(deps: Deps, actor: Actor, log?: FastifyBaseLogger): Promise<CancelDto> {
  const { userId } = requireAccess(actor, 'subscription.self');
  const live = await livePaidSubscription(deps, userId);
  if (!live) throw new AppError('NO_PAID_SUBSCRIPTION');
  if (live.sub.downgradeToFree)
    await repo.updateSubscription(deps.db, userId, { downgradeToFree: false, updatedAt: deps.clock.now() });
  if (!live.sub.cancelAtPeriodEnd) return cancelDto(live.sub);
  return cancelDto(await changeCancel(deps, live, false, log));
}

/** POST /api/billing/portal: Stripe's Customer Portal (card, invoices); the local provider has none. */
export async function portalSession(deps: Deps, actor: Actor, log?: FastifyBaseLogger): Promise<PortalDto> {
  const sub = await repo.findSubscription(deps.db, requireAccess(actor, 'subscription.self').userId);
  const customer = sub?.providerCustomerId;
  if (!customer || !sub.provider) throw new AppError('NO_PAID_SUBSCRIPTION');
  const provider = customer.startsWith('cus_local_') ? 'local' : 'stripe';
  if (provider === 'stripe' && !deps.config.STRIPE_SECRET_KEY) throw new AppError('PROVIDER_UNAVAILABLE');
  return paymentProvider(deps, provider, log).createPortalSession(customer, absolute(deps, paths.subscription()));
}

/** GET /api/billing/subscription: what /subscription shows beside the access state. */
export async function billingDetails(deps: Deps, actor: Actor): Promise<BillingDetailsDto> {
  const { userId } = requireAccess(actor, 'subscription.self');
  // The same transitions as the gate (a trial that ended, a canceled period that ended) first.
  await subscriptionState(deps, { id: userId, role: actor.role });
  const sub = await repo.findSubscription(deps.db, userId);
  const live = await livePaidSubscription(deps, userId);
  return {
    provider: activeProviderName(deps.config),
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: sub?.currentPeriodEnd?.toISOString() ?? null,
    hasPaidSubscription: !!live,
    trialEndedNotice: sub?.trialEndedNotice ?? false,
  };
}

/**
 * GET /api/billing/checkout-sessions/:id — for the success page and the payment test page. It
 * only reads: the status is 'complete' once the provider's webhook confirmed the payment.
 */
export async function checkoutSessionStatus(deps: Deps, id: string): Promise<CheckoutSessionDto> {
  const row = await findCheckout(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const plan = row.planId ? await repo.findPlan(deps.db, row.planId) : undefined;
  const status =
    row.status === 'open' && row.expiresAt <= now && !row.providerPaidAt
      ? 'expired'
      : (row.status as CheckoutSessionDto['status']);
  let subscription: CheckoutSessionDto['subscription'] = null;
  if (row.kind === 'subscription' && status === 'complete' && row.userId && row.providerSubscriptionId) {
    const sub = await repo.findSubscription(deps.db, row.userId);
    if (sub?.providerSubscriptionId === row.providerSubscriptionId) {
      const current = sub.planId ? await repo.findPlan(deps.db, sub.planId) : undefined;
      subscription = {
        planName: current?.name ?? '',
        status: sub.status ?? '',
        creditsRemaining: await balance(deps.db, row.userId),
      };
    }
  }
  return {
    id: row.id,
    kind: row.kind as CheckoutSessionDto['kind'],
    status,
    amountCents: row.amountCents,
    currency: row.currency,
    planName: plan?.name ?? null,
    subscription,
    lastError: row.lastError,
  };
}
