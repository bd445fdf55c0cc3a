import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  balanceOf,
  deliver,
  expectLedgerInvariant,
  invoiceObject,
  pay,
  planBySlug,
  seconds,
  state,
  stripeEvent,
  subscriptionObject,
} from './support/billing.ts';
import { startFakeStripe, type FakeRequest, type FakeStripe } from './support/fake-stripe.ts';
import { insertUser, type TestUser } from './support/factories.ts';

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fake.env());
  // The admin sets Stripe price ids on the paid plans; Gold stays without one.
  for (const slug of ['platinum', 'silver', 'diamond'])
    await t.query('UPDATE subscription_plans SET stripe_price_id = $1 WHERE slug = $2', [`price_${slug}`, slug]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(async () => {
  // The fake answers only the calls the app is meant to make.
  expect(fake.unexpected.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  await expectLedgerInvariant(t);
  fake.reset();
});

const rid = () => randomBytes(6).toString('hex');
const now = () => seconds(t.clock.now());
const calls = (path: string, method = 'POST') => fake.requests.filter((r) => r.path === path && r.method === method);
const keyOf = (r: FakeRequest) => r.headers['idempotency-key'];

async function startCheckout(u: TestUser, slug: string) {
  const plan = await planBySlug(t, slug);
  const res = await t.request({
    method: 'POST',
    url: '/api/billing/checkout',
    cookie: u.cookie,
    payload: { planId: plan.id },
  });
  return { res, plan };
}

/** What Stripe sends after a successful subscription checkout. */
async function stripeCompletes(u: TestUser, checkoutId: string, slug: string) {
  const plan = await planBySlug(t, slug);
  const [row] = await t.query<{ provider_session_id: string }>(
    'SELECT provider_session_id FROM checkout_sessions WHERE id = $1',
    [checkoutId],
  );
  const [sub] = await t.query<{ provider_customer_id: string }>(
    'SELECT provider_customer_id FROM user_subscriptions WHERE user_id = $1',
    [u.user.id],
  );
  const customer = sub!.provider_customer_id;
  const subscription = subscriptionObject({
    id: `sub_${rid()}`,
    customer,
    userId: u.user.id,
    planId: plan.id,
    created: now(),
    periodEnd: now() + 30 * 86400,
    priceId: `price_${slug}`,
  });
  fake.addSubscription({ ...subscription, object: 'subscription' } as never);
  const session = {
    id: row!.provider_session_id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer,
    subscription: subscription.id,
    metadata: { checkoutId, userId: u.user.id, planId: plan.id, kind: 'subscription' },
  };
  const invoice = invoiceObject({
    subscription: subscription.id,
    customer,
    userId: u.user.id,
    planId: plan.id,
    amountPaid: plan.monthly_price_cents,
    periodStart: now(),
    periodEnd: now() + 30 * 86400,
    billingReason: 'subscription_create',
  });
  for (const e of [
    stripeEvent(t, 'checkout.session.completed', session),
    stripeEvent(t, 'customer.subscription.created', subscription),
    stripeEvent(t, 'invoice.paid', invoice),
  ]) {
    const res = await deliver(t, e);
    expect(res.statusCode, res.body).toBe(200);
  }
  return subscription;
}

describe('Stripe provider against a fake Stripe API', () => {
  it('buying during the trial keeps its free days: the subscription gets trial_end (not under 48 h)', async () => {
    const u = await insertUser(t);
    const [row] = await t.query<{ trial_end_date: Date }>(
      'SELECT trial_end_date FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    );
    const { res } = await startCheckout(u, 'silver');
    expect(res.statusCode, res.body).toBe(200);
    const [session] = calls('/v1/checkout/sessions');
    expect(session!.body).toMatchObject({
      subscription_data: { trial_end: String(seconds(row!.trial_end_date)) },
    });

    // With less than two days of trial left, Stripe would refuse trial_end: the month starts now.
    fake.reset();
    const late = await insertUser(t);
    await t.query('UPDATE user_subscriptions SET trial_end_date = $1 WHERE user_id = $2', [
      new Date(t.clock.now().getTime() + 86_400_000),
      late.user.id,
    ]);
    expect((await startCheckout(late, 'silver')).res.statusCode).toBe(200);
    const [lateSession] = calls('/v1/checkout/sessions');
    expect((lateSession!.body as { subscription_data: Record<string, unknown> }).subscription_data).not.toHaveProperty(
      'trial_end',
    );
  });

  it('checkout: a customer once per user, a subscription Checkout Session with the price, idempotency keys', async () => {
    const u = await insertUser(t);
    const { res, plan } = await startCheckout(u, 'silver');
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake_\d+$/);

    const [customer] = calls('/v1/customers');
    expect(customer!.body).toEqual({ email: u.email, metadata: { userId: u.user.id } });
    expect(keyOf(customer!)).toBe(`customer:${u.user.id}`);
    expect(customer!.headers.authorization).toBe('Bearer sk_test_fake_candeia');

    const [session] = calls('/v1/checkout/sessions');
    expect(keyOf(session!)).toBe(`checkout:${sessionId}`);
    expect(session!.body).toMatchObject({
      mode: 'subscription',
      customer: expect.stringMatching(/^cus_fake_/),
      client_reference_id: u.user.id,
      line_items: [{ price: 'price_silver', quantity: '1' }],
      success_url: `http://localhost:3000/checkout/success?session_id=${sessionId}`,
      cancel_url: 'http://localhost:3000/subscription?checkout=canceled',
      metadata: { checkoutId: sessionId, userId: u.user.id, planId: plan.id, kind: 'subscription' },
      subscription_data: { metadata: { checkoutId: sessionId, userId: u.user.id, planId: plan.id } },
    });

    // SECURITY 22: returning to the success URL and reading the session grants nothing.
    const before = await state(t, u);
    for (let i = 0; i < 3; i++) {
      const read = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}`, cookie: u.cookie });
      expect(read.json()).toMatchObject({ status: 'open', subscription: null, planName: 'Silver' });
    }
    expect(await state(t, u)).toEqual(before);
    expect(before).toMatchObject({ status: 'trialing', isTrial: true });

    // Only Stripe's signed events give access.
    await stripeCompletes(u, sessionId, 'silver');
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'silver', isTrial: false });
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 250_000);
    const done = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` });
    expect(done.json()).toMatchObject({ status: 'complete', subscription: { planName: 'Silver', status: 'active' } });

    // A second checkout reuses the customer.
    fake.reset();
    expect((await startCheckout(u, 'diamond')).res.statusCode).toBe(200);
    expect(calls('/v1/customers')).toEqual([]);
    expect(calls('/v1/checkout/sessions')[0]!.body).toMatchObject({
      customer: customer && expect.stringMatching(/^cus_fake_/),
    });
  });

  it('a paid plan without a Stripe price id cannot be bought: PLAN_NOT_PURCHASABLE, nothing sent', async () => {
    const u = await insertUser(t);
    const { res } = await startCheckout(u, 'gold');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'PLAN_NOT_PURCHASABLE',
      message: 'Este plano ainda não pode ser contratado online. Escolha outro plano ou fale conosco.',
    });
    expect(fake.requests).toEqual([]);
  });

  it('a failing Stripe: the SDK retries with the same idempotency key; a refusal is CHECKOUT_FAILED', async () => {
    const u = await insertUser(t);
    fake.failNext('/v1/checkout/sessions', 500);
    const { res } = await startCheckout(u, 'platinum');
    expect(res.statusCode, res.body).toBe(200);
    const tries = calls('/v1/checkout/sessions');
    expect(tries).toHaveLength(2);
    expect(keyOf(tries[0]!)).toBe(keyOf(tries[1]!));

    fake.reset();
    fake.failNext('/v1/checkout/sessions', 400);
    const refused = await startCheckout(u, 'platinum');
    expect(refused.res.statusCode).toBe(502);
    expect(refused.res.json().error.code).toBe('CHECKOUT_FAILED');
    const [failed] = await t.query<{ status: string; last_error: string }>(
      "SELECT status, last_error FROM checkout_sessions WHERE user_id = $1 AND status = 'failed'",
      [u.user.id],
    );
    expect(failed).toEqual({ status: 'failed', last_error: 'CHECKOUT_FAILED' });
  });

  it('Stripe unreachable → PROVIDER_UNAVAILABLE (503)', async () => {
    const down = await createTestApp(fake.env({ STRIPE_API_PORT: '1' }));
    try {
      await down.query("UPDATE subscription_plans SET stripe_price_id = 'price_x' WHERE slug = 'silver'");
      const u = await insertUser(down);
      const plan = await planBySlug(down, 'silver');
      const res = await down.request({
        method: 'POST',
        url: '/api/billing/checkout',
        cookie: u.cookie,
        payload: { planId: plan.id },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      await down.close();
    }
  });

  it('donation: a payment Checkout Session in BRL; paid only by the webhook', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/donations',
      payload: { amountCents: 5_000, email: 'Doador@Example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, sessionId } = res.json();
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [call] = calls('/v1/checkout/sessions');
    expect(keyOf(call!)).toBe(`donation:${sessionId}`);
    expect(call!.body).toMatchObject({
      mode: 'payment',
      submit_type: 'donate',
      customer_email: 'doador@example.com',
      line_items: [{ quantity: '1', price_data: { currency: 'brl', unit_amount: '5000' } }],
      metadata: { checkoutId: sessionId, kind: 'donation' },
    });
    const donationId = (call!.body.metadata as Record<string, string>).donationId!;
    const [row] = await t.query('SELECT status, email, amount_cents, user_id FROM donations WHERE id = $1', [
      donationId,
    ]);
    expect(row).toEqual({ status: 'pending', email: 'doador@example.com', amount_cents: 5000, user_id: null });

    const [cs] = await t.query<{ provider_session_id: string }>(
      'SELECT provider_session_id FROM checkout_sessions WHERE id = $1',
      [sessionId],
    );
    const session = {
      id: cs!.provider_session_id,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      metadata: { checkoutId: sessionId, donationId, kind: 'donation' },
    };
    // A session id that is not this checkout's is ignored.
    await deliver(t, stripeEvent(t, 'checkout.session.completed', { ...session, id: 'cs_test_other' }));
    expect((await t.query('SELECT status FROM donations WHERE id = $1', [donationId]))[0]).toEqual({
      status: 'pending',
    });
    expect((await deliver(t, stripeEvent(t, 'checkout.session.completed', session))).statusCode).toBe(200);
    const [paid] = await t.query<{ status: string; paid_at: Date }>(
      'SELECT status, paid_at FROM donations WHERE id = $1',
      [donationId],
    );
    expect(paid!.status).toBe('paid');
    expect(paid!.paid_at).toBeInstanceOf(Date);
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json()).toMatchObject({
      kind: 'donation',
      status: 'complete',
      amountCents: 5000,
    });
  });

  it('portal, cancel and resume: Stripe is asked (with keys); our state changes only by its webhook', async () => {
    const u = await insertUser(t);
    const { res } = await startCheckout(u, 'platinum');
    const sub = await stripeCompletes(u, res.json().sessionId, 'platinum');
    fake.reset();

    const portal = await t.request({ method: 'POST', url: '/api/billing/portal', cookie: u.cookie });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const [p] = calls('/v1/billing_portal/sessions');
    expect(p!.body).toEqual({ customer: sub.customer, return_url: 'http://localhost:3000/subscription' });
    expect(keyOf(p!)).toMatch(/^portal:[0-9a-f-]{36}$/);

    const cancel = await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
    });
    const [c] = calls(`/v1/subscriptions/${sub.id}`);
    expect(c!.body).toEqual({ cancel_at_period_end: 'true' });
    expect(keyOf(c!)).toMatch(new RegExp(`^cancel:${sub.id}:[0-9a-f-]{36}$`));
    // Not yet in our state: Stripe's event will say it.
    const details = () => t.request({ url: '/api/billing/subscription', cookie: u.cookie }).then((r) => r.json());
    expect(await details()).toMatchObject({ cancelAtPeriodEnd: false, provider: 'stripe', hasPaidSubscription: true });
    await deliver(
      t,
      stripeEvent(t, 'customer.subscription.updated', { ...sub, cancel_at_period_end: true }, { created: now() + 1 }),
    );
    expect(await details()).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true });

    const resume = await t.request({ method: 'POST', url: '/api/billing/resume', cookie: u.cookie });
    expect(resume.json()).toMatchObject({ cancelAtPeriodEnd: false });
    const resumes = calls(`/v1/subscriptions/${sub.id}`);
    expect(resumes.at(-1)!.body).toEqual({ cancel_at_period_end: 'false' });
    expect(keyOf(resumes.at(-1)!)).toMatch(/^resume:/);
    await deliver(
      t,
      stripeEvent(t, 'customer.subscription.updated', { ...sub, cancel_at_period_end: false }, { created: now() + 2 }),
    );
    expect(await details()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('a newer purchase replaces the running subscription: the older one is canceled at Stripe, once', async () => {
    const u = await insertUser(t);
    const first = await startCheckout(u, 'platinum');
    const old = await stripeCompletes(u, first.res.json().sessionId, 'platinum');
    t.clock.advance(60_000);
    const second = await startCheckout(u, 'diamond');
    fake.reset();
    const current = await stripeCompletes(u, second.res.json().sessionId, 'diamond');
    expect(await state(t, u)).toMatchObject({ planSlug: 'diamond', status: 'active' });
    const deletes = calls(`/v1/subscriptions/${old.id}`, 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(keyOf(deletes[0]!)).toBe(`cancel-now:${old.id}`);
    expect(fake.subscriptions.get(old.id)!.status).toBe('canceled');
    // Stripe's deletion event for the old one changes nothing.
    await deliver(
      t,
      stripeEvent(t, 'customer.subscription.deleted', { ...old, status: 'canceled' }, { created: now() + 5 }),
    );
    expect(await state(t, u)).toMatchObject({ planSlug: 'diamond', status: 'active' });
    expect(calls(`/v1/subscriptions/${current.id}`, 'DELETE')).toEqual([]);
  });

  it('replacing: Stripe down → 503 (retried later); Stripe refusing (already gone) → the switch still happens', async () => {
    const u = await insertUser(t);
    const first = await startCheckout(u, 'platinum');
    const old = await stripeCompletes(u, first.res.json().sessionId, 'platinum');
    t.clock.advance(60_000);
    const second = await startCheckout(u, 'silver');
    expect(second.res.statusCode).toBe(200);
    // Stripe answers 500 to every try of the cancel: the event fails and will be retried.
    fake.failNext(`/v1/subscriptions/${old.id}`, 500, 3);
    const plan = await planBySlug(t, 'silver');
    const [row] = await t.query<{ provider_customer_id: string }>(
      'SELECT provider_customer_id FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    );
    const next = subscriptionObject({
      id: `sub_${rid()}`,
      customer: row!.provider_customer_id,
      userId: u.user.id,
      planId: plan.id,
      created: now(),
      periodEnd: now() + 30 * 86400,
    });
    const created = stripeEvent(t, 'customer.subscription.created', next);
    const down = await deliver(t, created);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await state(t, u)).toMatchObject({ planSlug: 'platinum' });
    // Meanwhile the old subscription disappeared at Stripe: the retry's cancel is refused (404).
    fake.subscriptions.delete(old.id);
    const retry = await deliver(t, created);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await state(t, u)).toMatchObject({ planSlug: 'silver', status: 'active' });
  });

  it('the local payment form does not exist when Stripe is configured', async () => {
    const u = await insertUser(t);
    const { res } = await startCheckout(u, 'silver');
    const paid = await pay(t, { sessionId: res.json().sessionId, cookie: u.cookie });
    expect(paid.statusCode).toBe(404);
    expect(await state(t, u)).toMatchObject({ status: 'trialing' });
  });

  it('STRIPE_SECRET_KEY without STRIPE_WEBHOOK_SECRET stops the configuration with a clear message', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' } as NodeJS.ProcessEnv)).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    const local = loadConfig({} as NodeJS.ProcessEnv);
    expect(local.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_local_[0-9a-f]{64}$/);
    expect(loadConfig({} as NodeJS.ProcessEnv).STRIPE_WEBHOOK_SECRET).not.toBe(local.STRIPE_WEBHOOK_SECRET);
  });
});
