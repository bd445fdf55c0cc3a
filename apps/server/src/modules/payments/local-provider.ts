import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { paths } from '@candeia/shared/routes';
import { TEST_CARD_SUCCESS, type LocalPayDto } from '@candeia/shared/schemas/billing';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { Deps } from '../../types.ts';
import {
  addMonth,
  MIN_TRIAL_END_MS,
  type CheckoutResult,
  type DonationCheckoutInput,
  type PaymentProvider,
  type ProviderSubscriptionState,
  type SubscriptionCheckoutInput,
  testCheckoutEnabled,
} from './provider-base.ts';
import * as repo from './repository.ts';
import { handleWebhook } from './webhook.ts';

type LocalDeps = { db: DbOrTx; clock: Clock; config: Config };
type LocalSub = repo.LocalSubscriptionRow;

/** A local checkout lives this long, like Stripe's (24 h). */
export const CHECKOUT_TTL_MS = 24 * 60 * 60_000;

/**
 * The cookie that binds a test-checkout donation to the browser that opened it: a random
 * token (256 bits), HttpOnly, sent only to the API; the checkout keeps its SHA-256.
 */
export const PAYER_COOKIE = 'candeia_payer';

export function payerCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/api/',
    maxAge: CHECKOUT_TTL_MS / 1000,
  };
}

/** The payer token the browser sent, when it has the shape of one (newToken: 43 base64url characters). */
export function payerTokenOf(req: FastifyRequest): string | null {
  const token = req.cookies[PAYER_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** Who is paying on the test page: the session's member, and the browser's payer token. */
export interface Payer {
  userId: string | null;
  /** The request carried a session that has ended (idle or absolute limit). */
  sessionExpired: boolean;
  payerToken: string | null;
}

/**
 * Only the checkout's owner may pay it: a plan, the member who opened it (signed in); a
 * donation, the browser that opened it (its payer cookie), signed in or not.
 */
function assertMayPay(row: { kind: string; userId: string | null; payerTokenHash: string | null }, payer: Payer) {
  if (row.kind === 'donation') {
    if (!row.payerTokenHash || !payer.payerToken || sha256(payer.payerToken) !== row.payerTokenHash)
      throw new AppError('CHECKOUT_OTHER_BROWSER');
    return;
  }
  if (!payer.userId) throw new AppError(payer.sessionExpired ? 'AUTH_SESSION_EXPIRED' : 'AUTH_REQUIRED');
  if (payer.userId !== row.userId) throw new AppError('CHECKOUT_OTHER_ACCOUNT');
}

/** True when the card's MM/YY is before the current month (UTC, by the app's clock). */
export function cardExpired(expiry: string, now: Date): boolean {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!m) return true;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

const rand = (bytes = 18) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const customerOf = (userId: string) => `cus_local_${userId.replace(/-/g, '')}`;
const priceOf = (plan: { id: string; stripePriceId: string | null }) => plan.stripePriceId ?? `price_local_${plan.id}`;

/** The built-in provider's pages are ours: the payment test page and the success page. */
export const localCheckoutUrl = (checkoutId: string) => paths.paymentTest(checkoutId);
export const successUrl = (checkoutId: string) => paths.checkoutSuccess({ session_id: checkoutId });

function subscriptionObject(s: LocalSub, plan: { id: string; stripePriceId: string | null }) {
  const metadata = { userId: s.userId, planId: s.planId, checkoutId: s.checkoutSessionId };
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    created: seconds(s.createdAt),
    metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: 'subscription_item',
          price: { id: priceOf(plan), object: 'price' },
          current_period_start: seconds(s.currentPeriodStart),
          current_period_end: seconds(s.currentPeriodEnd),
        },
      ],
    },
  };
}

function invoiceObject(
  s: LocalSub,
  plan: { id: string; stripePriceId: string | null; monthlyPriceCents: number; currency: string },
  reason: string,
) {
  const metadata = { userId: s.userId, planId: s.planId, checkoutId: s.checkoutSessionId };
  return {
    id: `in_local_${s.id.slice(10)}_${s.periodIndex}`,
    object: 'invoice',
    customer: s.customerId,
    status: 'paid',
    billing_reason: reason,
    amount_paid: plan.monthlyPriceCents,
    currency: plan.currency.toLowerCase(),
    next_payment_attempt: null,
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata } },
    lines: {
      object: 'list',
      data: [
        {
          object: 'line_item',
          amount: plan.monthlyPriceCents,
          period: { start: seconds(s.currentPeriodStart), end: seconds(s.currentPeriodEnd) },
          pricing: { type: 'price_details', price_details: { price: priceOf(plan) } },
        },
      ],
    },
  };
}

/** Queues an event (Stripe's shape) for delivery to the webhook handler. */
async function emit(db: DbOrTx, clock: Clock, type: string, object: unknown) {
  const now = clock.now();
  const id = `evt_local_${rand()}`;
  const event = {
    id,
    object: 'event',
    api_version: null,
    created: seconds(now),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  await repo.insertLocalEvent(db, { id, type, payload: event, createdAt: now });
}

const LOCAL_ACTOR = { ip: 'local-provider', userAgent: null };

/**
 * Delivers the queued events in order, each signed with the webhook secret (Stripe's own test
 * header) and passed through the same handler as Stripe's: signature, de-duplication, effect.
 * Stops at the first failure, leaving it queued (the housekeeping job retries).
 */
export async function deliverPending(deps: Deps, log?: FastifyBaseLogger): Promise<number> {
  let delivered = 0;
  for (;;) {
    const next = await repo.nextUndeliveredEvent(deps.db);
    if (!next) return delivered;
    const payload = JSON.stringify(next.payload);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: deps.config.STRIPE_WEBHOOK_SECRET,
      timestamp: seconds(deps.clock.now()),
    });
    await handleWebhook(deps, LOCAL_ACTOR, Buffer.from(payload), header, log);
    await repo.markEventDelivered(deps.db, next.seq, deps.clock.now());
    delivered += 1;
  }
}

/**
 * The built-in provider (no Stripe account): checkouts are rows of ours paid on the payment
 * test page; subscriptions and invoices live in local_provider_* tables; every change is told
 * to the app by a signed Stripe-shaped event, never written into the app's state directly.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;
  constructor(private readonly deps: LocalDeps) {}

  async createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<CheckoutResult> {
    return { url: localCheckoutUrl(input.checkoutId), providerSessionId: null, customerId: customerOf(input.userId) };
  }

  async createDonationCheckout(input: DonationCheckoutInput): Promise<CheckoutResult> {
    return { url: localCheckoutUrl(input.checkoutId), providerSessionId: null, customerId: null };
  }

  /** No card to change without Stripe: the portal is the subscription page. */
  async createPortalSession(): Promise<{ url: string }> {
    return { url: paths.subscription() };
  }

  private async setCancel(subscriptionId: string, cancel: boolean): Promise<ProviderSubscriptionState> {
    const { db, clock } = this.deps;
    const row = await db.transaction(async (tx) => {
      const s = await repo.setLocalCancel(tx, subscriptionId, cancel);
      if (!s) return null;
      const plan = await repo.findPlan(tx, s.planId);
      await emit(tx, clock, 'customer.subscription.updated', subscriptionObject(s, plan!));
      return s;
    });
    if (!row) throw new AppError('NO_PAID_SUBSCRIPTION');
    return { cancelAtPeriodEnd: row.cancelAtPeriodEnd, currentPeriodEnd: row.currentPeriodEnd };
  }

  cancelAtPeriodEnd(subscriptionId: string) {
    return this.setCancel(subscriptionId, true);
  }

  resume(subscriptionId: string) {
    return this.setCancel(subscriptionId, false);
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    const { db, clock } = this.deps;
    const s = await repo.cancelLocalSubscription(db, subscriptionId);
    if (!s) return;
    const plan = await repo.findPlan(db, s.planId);
    await emit(db, clock, 'customer.subscription.deleted', subscriptionObject(s, plan!));
  }
}

/**
 * The end of the member's trial when it is still running (the free days a purchase keeps), else
 * null. Stripe is given the same date as `trial_end` (stripe-provider.ts); the local provider
 * charges the test card now and adds the days to the first period instead.
 */
async function trialEndOf(db: DbOrTx, userId: string, now: Date): Promise<Date | null> {
  const sub = await repo.memberTrial(db, userId);
  // As with Stripe (MIN_TRIAL_END_MS): the last two days of a trial are not carried over.
  return sub?.isTrial && sub.trialEndDate && sub.trialEndDate.getTime() - now.getTime() >= MIN_TRIAL_END_MS
    ? sub.trialEndDate
    : null;
}

/**
 * POST /api/billing/local/pay: the payment test page's form, only while the test checkout is on
 * (PAYMENTS_NOT_CONFIGURED otherwise) and only by the checkout's owner (assertMayPay). Card
 * 4242 4242 4242 4242 with an expiry from this month on pays; a past expiry fails with
 * CARD_EXPIRED and any other number (4000 0000 0000 0002 included) with PAYMENT_DECLINED, and
 * the session stays open for another try. A payment creates the provider's objects and queues
 * checkout.session.completed (+ customer.subscription.created and invoice.paid for a plan),
 * then delivers them through the webhook handler before answering.
 */
export async function localPay(
  deps: Deps,
  input: { sessionId: string; cardNumber: string; expiry: string },
  payer: Payer,
  log?: FastifyBaseLogger,
): Promise<LocalPayDto> {
  if (deps.config.STRIPE_SECRET_KEY) throw new AppError('NOT_FOUND');
  if (!testCheckoutEnabled(deps.config)) throw new AppError('PAYMENTS_NOT_CONFIGURED');
  const now = deps.clock.now();
  const row = await repo.findCheckout(deps.db, input.sessionId);
  if (!row || row.provider !== 'local') throw new AppError('NOT_FOUND');
  assertMayPay(row, payer);
  const done: LocalPayDto = { status: 'complete', redirectUrl: successUrl(row.id), error: null };
  if (row.providerPaidAt) {
    // Paid already (a double submit, or a delivery that failed): finish delivering.
    await deliverPending(deps, log);
    return done;
  }
  if (row.status !== 'open' || row.expiresAt <= now) throw new AppError('CHECKOUT_CLOSED');
  const refusal = cardExpired(input.expiry, now)
    ? 'CARD_EXPIRED'
    : input.cardNumber !== TEST_CARD_SUCCESS
      ? 'PAYMENT_DECLINED'
      : null;
  if (refusal) {
    await repo.recordCardRefusal(deps.db, row.id, refusal);
    log?.info({ checkout: row.id, refusal }, 'local provider: card refused');
    return { status: 'failed', redirectUrl: null, error: refusal };
  }
  await deps.db.transaction(async (tx) => {
    const won = await repo.markProviderPaid(tx, row.id, now);
    if (!won) return;
    const session = {
      id: won.id,
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      amount_total: won.amountCents,
      currency: won.currency.toLowerCase(),
      client_reference_id: won.userId,
    };
    if (won.kind === 'donation') {
      await emit(tx, deps.clock, 'checkout.session.completed', {
        ...session,
        mode: 'payment',
        customer: null,
        subscription: null,
        metadata: { checkoutId: won.id, donationId: won.donationId, kind: 'donation' },
      });
      return;
    }
    if (!won.userId || !won.planId) throw new AppError('CHECKOUT_CLOSED');
    const plan = (await repo.findPlan(tx, won.planId))!;
    // Paying during the trial keeps its free days: the paid month starts when the trial ends.
    const trialEnd = await trialEndOf(tx, won.userId, now);
    const sub = await repo.insertLocalSubscription(tx, {
      id: `sub_local_${rand()}`,
      customerId: customerOf(won.userId),
      userId: won.userId,
      planId: plan.id,
      checkoutSessionId: won.id,
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: addMonth(trialEnd ?? now),
      periodIndex: 0,
      createdAt: now,
    });
    await emit(tx, deps.clock, 'checkout.session.completed', {
      ...session,
      mode: 'subscription',
      customer: sub.customerId,
      subscription: sub.id,
      metadata: { checkoutId: won.id, userId: won.userId, planId: plan.id, kind: 'subscription' },
    });
    await emit(tx, deps.clock, 'customer.subscription.created', subscriptionObject(sub, plan));
    await emit(tx, deps.clock, 'invoice.paid', invoiceObject(sub, plan, 'subscription_create'));
  });
  await deliverPending(deps, log);
  return done;
}

/**
 * What Stripe does on its own clock, for the local provider: a period that ended renews (the
 * test card is charged again: invoice.paid for the next period), or, when set to cancel at
 * period end, the subscription ends (customer.subscription.deleted). With the test checkout
 * off, nothing renews: each such subscription ends with its period (no card to charge). Then
 * delivers the queue.
 */
export async function localProviderSweep(deps: Deps, log?: FastifyBaseLogger): Promise<void> {
  const now = deps.clock.now();
  const renews = testCheckoutEnabled(deps.config);
  const due = await repo.dueLocalSubscriptions(deps.db, now);
  for (const s of due) {
    await deps.db.transaction(async (tx) => {
      const plan = (await repo.findPlan(tx, s.planId))!;
      if (s.cancelAtPeriodEnd || !renews) {
        const ended = await repo.endLocalSubscription(tx, s.id);
        if (ended) await emit(tx, deps.clock, 'customer.subscription.deleted', subscriptionObject(ended, plan));
        return;
      }
      // Renew period by period until the subscription is current again.
      let current = s;
      while (current.currentPeriodEnd <= now) {
        const next = await repo.renewLocalSubscription(
          tx,
          current,
          current.currentPeriodEnd,
          addMonth(current.currentPeriodEnd),
        );
        if (!next) return;
        await emit(tx, deps.clock, 'invoice.paid', invoiceObject(next, plan, 'subscription_cycle'));
        await emit(tx, deps.clock, 'customer.subscription.updated', subscriptionObject(next, plan));
        current = next;
      }
    });
  }
  await deliverPending(deps, log);
}
