import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_CARD_SUCCESS } from '@candeia/shared/schemas/billing';
import type { TestApp } from './app.ts';
import { login, uniqueIp, type TestUser } from './factories.ts';
import { sessionCookie } from './app.ts';

/** Billing test helpers: plans, Stripe-shaped signed events, the ledger invariant. */

export interface PlanRowLite {
  id: string;
  name: string;
  credits: number;
  monthly_price_cents: number;
  stripe_price_id: string | null;
}

export async function planBySlug(t: TestApp, slug: string): Promise<PlanRowLite> {
  const [row] = await t.query<PlanRowLite>(
    'SELECT id, name, credits, monthly_price_cents, stripe_price_id FROM subscription_plans WHERE slug = $1',
    [slug],
  );
  if (!row) throw new Error(`no plan ${slug}`);
  return row;
}

const rid = () => randomBytes(9).toString('hex');
export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: unknown };
}

export function stripeEvent(
  t: TestApp,
  type: string,
  object: unknown,
  opts: { id?: string; created?: number } = {},
): StripeEvent {
  return {
    id: opts.id ?? `evt_test_${rid()}`,
    object: 'event',
    type,
    created: opts.created ?? seconds(t.clock.now()),
    data: { object },
  };
}

export function subscriptionObject(o: {
  id: string;
  customer: string;
  userId?: string;
  planId?: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  created: number;
  periodEnd: number;
  priceId?: string;
}) {
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    created: o.created,
    metadata: { ...(o.userId ? { userId: o.userId } : {}), ...(o.planId ? { planId: o.planId } : {}) },
    items: {
      object: 'list',
      data: [{ id: `si_${rid()}`, price: { id: o.priceId ?? 'price_unknown' }, current_period_end: o.periodEnd }],
    },
  };
}

export function invoiceObject(o: {
  id?: string;
  subscription: string;
  customer: string;
  userId?: string;
  planId?: string;
  amountPaid: number;
  periodStart: number;
  periodEnd: number;
  billingReason?: string;
  nextPaymentAttempt?: number | null;
}) {
  return {
    id: o.id ?? `in_test_${rid()}`,
    object: 'invoice',
    customer: o.customer,
    amount_paid: o.amountPaid,
    billing_reason: o.billingReason ?? 'subscription_cycle',
    next_payment_attempt: o.nextPaymentAttempt ?? null,
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription: o.subscription,
        metadata: { ...(o.userId ? { userId: o.userId } : {}), ...(o.planId ? { planId: o.planId } : {}) },
      },
    },
    lines: { object: 'list', data: [{ period: { start: o.periodStart, end: o.periodEnd } }] },
  };
}

/** The Stripe-Signature header for a payload, by Stripe's own test helper. */
export function signature(payload: string, secret: string, timestamp: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * POSTs a signed event to /api/webhooks/stripe the way Stripe does: JSON, a Stripe-Signature
 * header, and no Origin or cookie (it is server to server).
 */
export function deliver(
  t: TestApp,
  event: StripeEvent | string,
  opts: { timestamp?: number; secret?: string; header?: string; body?: string } = {},
): Promise<LightMyRequestResponse> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header =
    opts.header ??
    signature(payload, opts.secret ?? t.config.STRIPE_WEBHOOK_SECRET, opts.timestamp ?? seconds(t.clock.now()));
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    payload: opts.body ?? payload,
  });
}

/**
 * SECURITY.md 19: every balance equals the sum of its ledger, and each ledger row's
 * balance_after is the running sum of its user's rows in id order.
 */
export async function expectLedgerInvariant(t: TestApp): Promise<void> {
  const mismatched = await t.query(`
    SELECT coalesce(a.user_id, l.user_id) AS user_id, a.balance, l.total
    FROM credit_accounts a
    FULL OUTER JOIN (SELECT user_id, sum(delta)::bigint AS total FROM credit_ledger GROUP BY user_id) l
      ON l.user_id = a.user_id
    WHERE coalesce(a.balance, 0) <> coalesce(l.total, 0)`);
  expect(mismatched, 'balance = sum(ledger)').toEqual([]);
  const broken = await t.query(`
    SELECT id FROM (
      SELECT id, balance_after, sum(delta) OVER (PARTITION BY user_id ORDER BY id) AS running FROM credit_ledger
    ) x WHERE balance_after <> running`);
  expect(broken, 'balance_after is the running sum').toEqual([]);
  const negative = await t.query('SELECT user_id FROM credit_accounts WHERE balance < 0');
  expect(negative).toEqual([]);
}

export async function balanceOf(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.query<{ balance: number }>('SELECT balance FROM credit_accounts WHERE user_id = $1', [userId]);
  return row?.balance ?? 0;
}

export function state(t: TestApp, u: TestUser) {
  return t.request({ url: '/api/subscription', cookie: u.cookie }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Record<string, unknown> & { status: string | null; allowed: boolean; creditsRemaining: number };
  });
}

/** An open checkout and the Cookie header of the browser that opened it (who may pay it). */
export interface OpenCheckout {
  url: string;
  sessionId: string;
  cookie: string | null;
}

/** POST /api/billing/checkout for a plan (by slug) as the user; the CheckoutDto and the user's cookie. */
export async function checkout(t: TestApp, u: TestUser, slug: string): Promise<OpenCheckout> {
  const plan = await planBySlug(t, slug);
  const res = await t.request({
    method: 'POST',
    url: '/api/billing/checkout',
    cookie: u.cookie,
    payload: { planId: plan.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...res.json<{ url: string; sessionId: string }>(), cookie: u.cookie };
}

/** The payer cookie a donation's answer set (the test checkout's proof of the opening browser). */
export function payerCookie(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'candeia_payer');
  return c && c.value ? `candeia_payer=${c.value}` : null;
}

/** Cookie headers joined, the missing ones left out. */
export const cookies = (...values: Array<string | null | undefined>) => values.filter(Boolean).join('; ') || null;

/** POST /api/donations from a browser (its cookies, if any); the CheckoutDto and the browser's cookies after it. */
export async function donation(
  t: TestApp,
  payload: { amountCents: number; email?: string },
  opts: { cookie?: string | null } = {},
): Promise<OpenCheckout> {
  const res = await t.request({
    method: 'POST',
    url: '/api/donations',
    payload,
    cookie: opts.cookie,
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const sent = opts.cookie?.split('; ').filter((c) => !c.startsWith('candeia_payer=')) ?? [];
  return { ...res.json<{ url: string; sessionId: string }>(), cookie: cookies(...sent, payerCookie(res)) };
}

export const CARD = { expiry: '12/34', cvc: '123', name: 'Maria Oliveira' };

/** The payment test page's form, sent by the browser `c.cookie` (the opener's, unless a test says otherwise). */
export function pay(
  t: TestApp,
  c: { sessionId: string; cookie?: string | null },
  cardNumber = TEST_CARD_SUCCESS,
  card: Partial<typeof CARD> = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/billing/local/pay',
    cookie: c.cookie ?? null,
    payload: { sessionId: c.sessionId, cardNumber, ...CARD, ...card },
    remoteAddress: uniqueIp(),
  });
}

/** Checkout + pay with 4242 through the local provider; returns the checkout session id. */
export async function subscribeLocally(t: TestApp, u: TestUser, slug: string): Promise<string> {
  const c = await checkout(t, u, slug);
  const res = await pay(t, c);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('complete');
  return c.sessionId;
}

/** A fresh session for the user (after the clock moved past the idle or absolute limit). */
export async function relogin(t: TestApp, u: TestUser): Promise<TestUser> {
  const res = await login(t, u.email, u.password);
  expect(res.statusCode, res.body).toBe(200);
  u.cookie = sessionCookie(res)!;
  return u;
}
