import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/client.ts';
import { createTestApp } from './support/app.ts';
import {
  balanceOf,
  deliver,
  expectLedgerInvariant,
  invoiceObject,
  planBySlug,
  seconds,
  signature,
  state,
  stripeEvent,
  subscriptionObject,
} from './support/billing.ts';
import { insertUser, login, type TestUser } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const rid = () => randomBytes(6).toString('hex');
const now = () => seconds(t.clock.now());

/** A Stripe subscription for the user on a plan, as Stripe's events carry it. */
async function stripeSub(u: TestUser, slug: string, o: { status?: string; cancel?: boolean; periodEnd?: number } = {}) {
  const plan = await planBySlug(t, slug);
  return subscriptionObject({
    id: `sub_${rid()}`,
    customer: `cus_${rid()}`,
    userId: u.user.id,
    planId: plan.id,
    status: o.status ?? 'active',
    cancelAtPeriodEnd: o.cancel ?? false,
    created: now(),
    periodEnd: o.periodEnd ?? now() + 30 * 86400,
  });
}

type Sub = Awaited<ReturnType<typeof stripeSub>>;

function invoiceFor(sub: Sub, amount: number, o: { id?: string; periodEnd?: number; next?: number | null } = {}) {
  return invoiceObject({
    id: o.id,
    subscription: sub.id,
    customer: sub.customer,
    userId: sub.metadata.userId,
    planId: sub.metadata.planId,
    amountPaid: amount,
    periodStart: now(),
    periodEnd: o.periodEnd ?? sub.items.data[0]!.current_period_end,
    nextPaymentAttempt: o.next ?? null,
  });
}

async function ok(res: Awaited<ReturnType<typeof deliver>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { received: true; duplicate: boolean };
}

const row = async (u: TestUser) =>
  (
    await t.query<{ status: string; cancel_at_period_end: boolean; current_period_end: Date | null; plan_id: string }>(
      'SELECT status, cancel_at_period_end, current_period_end, plan_id FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    )
  )[0]!;

describe('SECURITY 21: the signature is verified on the raw body, with a 300 s tolerance', () => {
  it('a signed event is accepted (no Origin needed: server to server)', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'gold');
    expect(await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub)))).toEqual({
      received: true,
      duplicate: false,
    });
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'gold', isTrial: false, allowed: true });
  });

  it('a tampered body, a wrong secret, a garbage or missing header → 400 WEBHOOK_INVALID, no effect', async () => {
    const u = await insertUser(t);
    const before = await state(t, u);
    const events = (await t.query('SELECT id FROM webhook_events')).length;
    const sub = await stripeSub(u, 'diamond');
    const event = stripeEvent(t, 'customer.subscription.created', sub);
    const payload = JSON.stringify(event);
    const header = signature(payload, t.config.STRIPE_WEBHOOK_SECRET, now());
    const tampered = payload.replace('"active"', '"trialing"');
    const attempts = [
      deliver(t, event, { header, body: tampered }),
      deliver(t, event, { header, body: payload.replace(/}$/, ' }') }),
      deliver(t, event, { secret: 'whsec_not_ours' }),
      deliver(t, event, { header: 'garbage' }),
      deliver(t, event, { header: `t=${now()},v1=${'0'.repeat(64)}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('WEBHOOK_INVALID');
    }
    expect(await state(t, u)).toEqual(before);
    expect(await t.query('SELECT id FROM webhook_events')).toHaveLength(events);
    const rejected = await t.query("SELECT details FROM security_events WHERE type = 'webhook_rejected'");
    expect(rejected.length).toBeGreaterThanOrEqual(attempts.length);
    // The untampered one still goes through.
    await ok(await deliver(t, event, { header }));
    expect(await state(t, u)).toMatchObject({ planSlug: 'diamond', status: 'active' });
  });

  it('a signature older than 300 s is refused (replay); 299 s is accepted', async () => {
    const u = await insertUser(t);
    const stale = stripeEvent(t, 'customer.subscription.created', await stripeSub(u, 'silver'));
    const res = await deliver(t, stale, { timestamp: now() - 301 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('WEBHOOK_INVALID');
    expect(await state(t, u)).toMatchObject({ status: 'trialing' });
    await ok(await deliver(t, stale, { timestamp: now() - 299 }));
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'silver' });
  });

  it('only JSON reaches the handler; other content types are 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('SECURITY 21: de-duplicated by event id, in the same transaction as the effect', () => {
  it('the same event delivered 10 times concurrently has one effect', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'platinum');
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub)));
    const paid = stripeEvent(t, 'invoice.paid', invoiceFor(sub, 10_990));
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(t, paid)));
    const bodies = await Promise.all(answers.map(ok));
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    expect(bodies.filter((b) => b.duplicate)).toHaveLength(9);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 100_000);
    expect(await t.query('SELECT id FROM webhook_events WHERE id = $1', [paid.id])).toHaveLength(1);
  });

  it('the same invoice in two different events grants its period once', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'platinum');
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub)));
    const invoice = invoiceFor(sub, 10_990, { id: `in_${rid()}` });
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', invoice)));
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', invoice)));
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 100_000);
  });

  it('an effect that fails rolls back the event record too: 5xx, then the retry applies it once', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'silver');
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub)));
    const paid = stripeEvent(t, 'invoice.paid', invoiceFor(sub, 15_990));
    // The database refuses ledger writes for a moment (a failure inside the effect).
    await t.query(`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$`);
    await t.query(
      'CREATE TRIGGER test_refuse BEFORE INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION test_refuse()',
    );
    try {
      const res = await deliver(t, paid);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.query('DROP TRIGGER test_refuse ON credit_ledger');
      await t.query('DROP FUNCTION test_refuse()');
    }
    expect(await t.query('SELECT id FROM webhook_events WHERE id = $1', [paid.id])).toEqual([]);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS);
    expect(await ok(await deliver(t, paid))).toEqual({ received: true, duplicate: false });
    expect(await ok(await deliver(t, paid))).toEqual({ received: true, duplicate: true });
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 250_000);
  });

  it('database down → 5xx (503), so the sender retries', async () => {
    const dead = createDatabase('postgres://postgres@127.0.0.1:1/nowhere', 2);
    const app = await buildApp({ config: t.config, db: dead.db, jobs: t.jobs, clock: t.clock, logger: false });
    await app.ready();
    try {
      const u = await insertUser(t);
      const event = stripeEvent(t, 'customer.subscription.created', await stripeSub(u, 'gold'));
      const payload = JSON.stringify(event);
      const res = await app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature(payload, t.config.STRIPE_WEBHOOK_SECRET, now()),
        },
        payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('DB_CONNECTION_ERROR');
      // The sender's retry, once the database is back, applies it.
      await ok(await deliver(t, event));
      expect(await state(t, u)).toMatchObject({ planSlug: 'gold', status: 'active' });
    } finally {
      await app.close();
      await dead.close();
    }
  });
});

describe('SECURITY 21: an older event never moves state backwards', () => {
  it('out-of-order subscription updates: the newest state wins whatever the arrival order', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'gold');
    const t0 = now();
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    const canceled = stripeEvent(
      t,
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: true },
      { created: t0 + 20 },
    );
    const older = stripeEvent(
      t,
      'customer.subscription.updated',
      { ...sub, cancel_at_period_end: false },
      { created: t0 + 10 },
    );
    await ok(await deliver(t, canceled));
    await ok(await deliver(t, older));
    expect(await row(u)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    // A past_due from before the recovery does not come back either.
    const pastDue = stripeEvent(
      t,
      'customer.subscription.updated',
      { ...sub, status: 'past_due', cancel_at_period_end: true },
      { created: t0 + 5 },
    );
    await ok(await deliver(t, pastDue));
    expect(await row(u)).toMatchObject({ status: 'active' });
  });

  it('the period end only moves forward; a late invoice still pays its credits', async () => {
    const u = await insertUser(t);
    const t0 = now();
    const sub = await stripeSub(u, 'platinum', { periodEnd: t0 + 30 * 86400 });
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    const first = invoiceFor(sub, 10_990, { periodEnd: t0 + 30 * 86400 });
    const renewal = invoiceFor(sub, 10_990, { periodEnd: t0 + 61 * 86400 });
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', renewal, { created: t0 + 100 })));
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', first, { created: t0 + 1 })));
    const r = await row(u);
    expect(r.current_period_end!.getTime()).toBe((t0 + 61 * 86400) * 1000);
    // A subscription update carrying the older period does not shorten it.
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.updated', sub, { created: t0 + 200 })));
    expect((await row(u)).current_period_end!.getTime()).toBe((t0 + 61 * 86400) * 1000);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 2 * 100_000);
  });

  it('a deleted subscription never comes back, even from an update of the same second', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'silver');
    const t0 = now();
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'customer.subscription.deleted', { ...sub, status: 'canceled' }, { created: t0 + 5 }),
      ),
    );
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.updated', sub, { created: t0 + 5 })));
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.updated', sub, { created: t0 + 50 })));
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', invoiceFor(sub, 15_990), { created: t0 + 60 })));
    expect(await state(t, u)).toMatchObject({ status: 'canceled', allowed: false });
  });

  it('a late event of an older subscription never replaces the newer one', async () => {
    const u = await insertUser(t);
    const t0 = now();
    const old = { ...(await stripeSub(u, 'platinum')), created: t0 - 1000 };
    const current = { ...(await stripeSub(u, 'diamond')), created: t0 };
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', current, { created: t0 })));
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', old, { created: t0 + 10 })));
    expect(await state(t, u)).toMatchObject({ planSlug: 'diamond', status: 'active' });
    // The older one was ended here (payments-stripe.test.ts shows the cancel reaching Stripe).
    const [ended] = await t.query<{ ended: boolean }>(
      'SELECT ended_at IS NOT NULL AS ended FROM provider_subscriptions WHERE id = $1',
      [old.id],
    );
    expect(ended).toEqual({ ended: true });
  });
});

describe('Stripe statuses and failed payments', () => {
  it.each([
    ['active', 'active', true],
    ['trialing', 'trialing', true],
    ['past_due', 'past_due', false],
    ['unpaid', 'unpaid', false],
    ['incomplete', 'incomplete', false],
    ['incomplete_expired', 'incomplete', false],
    ['paused', 'unpaid', false],
    ['canceled', 'canceled', false],
  ])('Stripe %s → %s (allowed: %s)', async (stripeStatus, ours, allowed) => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'gold');
    const t0 = now();
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'customer.subscription.updated', { ...sub, status: stripeStatus }, { created: t0 + 1 }),
      ),
    );
    expect(await state(t, u)).toMatchObject({ status: ours, allowed });
  });

  it('invoice.payment_failed: past_due while Stripe retries (sign-in works), payment_failed when it gives up (sign-in refused), paid again → active', async () => {
    const u = await insertUser(t);
    const sub = await stripeSub(u, 'silver');
    const t0 = now();
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'invoice.payment_failed', invoiceFor(sub, 0, { next: t0 + 3 * 86400 }), { created: t0 + 1 }),
      ),
    );
    expect(await state(t, u)).toMatchObject({ status: 'past_due', allowed: false });
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    // Stripe's own subscription update (past_due) agrees.
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'customer.subscription.updated', { ...sub, status: 'past_due' }, { created: t0 + 2 }),
      ),
    );
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'invoice.payment_failed', invoiceFor(sub, 0, { next: null }), { created: t0 + 3 }),
      ),
    );
    expect(await row(u)).toMatchObject({ status: 'payment_failed' });
    // …and a later past_due from Stripe keeps it there (it is the same unpaid invoice).
    await ok(
      await deliver(
        t,
        stripeEvent(t, 'customer.subscription.updated', { ...sub, status: 'past_due' }, { created: t0 + 4 }),
      ),
    );
    expect(await row(u)).toMatchObject({ status: 'payment_failed' });
    const refused = await login(t, u.email, u.password, { locale: 'pt-BR' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('AUTH_PAYMENT_FAILED');
    // The member was told of the failed payment once (the same invoice failed twice).
    const told = await t.query("SELECT key FROM notifications WHERE user_id = $1 AND type = 'payment_failed'", [
      u.user.id,
    ]);
    expect(told).toHaveLength(1);
    // The card is fixed (by Stripe's e-mail link): the invoice is paid.
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', invoiceFor(sub, 15_990), { created: t0 + 10 })));
    expect((await row(u)).status).toBe('active');
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('events about unknown users or of other types are recorded and change nothing', async () => {
    const orphan = subscriptionObject({
      id: `sub_${rid()}`,
      customer: `cus_${rid()}`,
      created: now(),
      periodEnd: now() + 86400,
    });
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', orphan)));
    await ok(await deliver(t, stripeEvent(t, 'charge.refunded', { id: `ch_${rid()}`, object: 'charge' })));
    await ok(
      await deliver(t, stripeEvent(t, 'invoice.paid', { id: `in_${rid()}`, object: 'invoice', customer: 'cus_x' })),
    );
    expect(await t.query('SELECT id FROM provider_subscriptions WHERE id = $1', [orphan.id])).toEqual([]);
  });

  it('a renewal moves the access forward: the clock passes the old end and access stays', async () => {
    const u = await insertUser(t);
    const t0 = now();
    const sub = await stripeSub(u, 'platinum', { periodEnd: t0 + 30 * 86400 });
    await ok(await deliver(t, stripeEvent(t, 'customer.subscription.created', sub, { created: t0 })));
    await ok(await deliver(t, stripeEvent(t, 'invoice.paid', invoiceFor(sub, 10_990, { periodEnd: t0 + 60 * 86400 }))));
    t.clock.advance(45 * DAY_MS);
    const fresh = await login(t, u.email, u.password);
    const s = await t.request({
      url: '/api/subscription',
      cookie: fresh.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    });
    expect(s.json()).toMatchObject({
      status: 'active',
      allowed: true,
      expiresAt: new Date((t0 + 60 * 86400) * 1000).toISOString(),
    });
  });
});
