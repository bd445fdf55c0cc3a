import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_DAYS } from '@candeia/shared/constants';
import { TEST_CARD_DECLINED, TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { addMonth } from '../src/modules/payments/provider.ts';
import { createTestApp } from './support/app.ts';
import {
  balanceOf,
  checkout,
  expectLedgerInvariant,
  pay,
  planBySlug,
  relogin,
  state,
  subscribeLocally,
} from './support/billing.ts';
import { insertUser, login } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

/** A member who buys on the first day of the trial keeps its 30 days: the paid month follows them. */
const firstPeriodEnd = () => addMonth(new Date(t.clock.now().getTime() + TRIAL_DAYS * DAY_MS));

const details = (cookie: string) => t.request({ url: '/api/billing/subscription', cookie }).then((r) => r.json());

describe('local provider, end to end through the webhook handler', () => {
  it('trial user → checkout Silver → 4242 → active Silver with its credits, no longer on trial', async () => {
    const u = await insertUser(t);
    const silver = await planBySlug(t, 'silver');
    const before = await state(t, u);
    expect(before).toMatchObject({
      status: 'trialing',
      isTrial: true,
      planSlug: 'free',
      creditsRemaining: TRIAL_CREDITS,
    });

    const opened = await checkout(t, u, 'silver');
    const { url, sessionId } = opened;
    expect(url).toBe(`/testes-stripe?session=${sessionId}`);
    expect(sessionId).toMatch(/^chk_[A-Za-z0-9_-]{43}$/);

    // The payment page reads the session signed out.
    const open = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` });
    expect(open.json()).toEqual({
      id: sessionId,
      kind: 'subscription',
      status: 'open',
      amountCents: 15_990,
      currency: 'BRL',
      planName: 'Silver',
      subscription: null,
      lastError: null,
    });

    const paid = await pay(t, opened);
    expect(paid.json()).toEqual({
      status: 'complete',
      redirectUrl: `/checkout/success?session_id=${sessionId}`,
      error: null,
    });

    const after = await state(t, u);
    expect(after).toMatchObject({
      status: 'active',
      isTrial: false,
      planId: silver.id,
      planName: 'Silver',
      planSlug: 'silver',
      totalCredits: 250_000,
      allowed: true,
      trialDaysLeft: null,
      trialEndDate: null,
    });
    // The plan's 250,000 for the first period, on top of the trial's credits (grants add up).
    expect(after.creditsRemaining).toBe(TRIAL_CREDITS + 250_000);
    expect(after.features).toEqual({ bible: true, chat: true, community: true, live: false, referral_program: true });
    const ledger = await t.query<{ kind: string; delta: number }>(
      'SELECT kind, delta FROM credit_ledger WHERE user_id = $1 ORDER BY id',
      [u.user.id],
    );
    expect(ledger).toEqual([
      { kind: 'trial', delta: TRIAL_CREDITS },
      { kind: 'plan_period', delta: 250_000 },
    ]);

    // The success page's read: complete, with the confirmed state.
    const done = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` });
    expect(done.json()).toMatchObject({
      status: 'complete',
      subscription: { planName: 'Silver', status: 'active', creditsRemaining: TRIAL_CREDITS + 250_000 },
    });
    const d = await details(u.cookie);
    expect(d).toMatchObject({ provider: 'local', hasPaidSubscription: true, cancelAtPeriodEnd: false });
    expect(d.currentPeriodEnd).toBe(firstPeriodEnd().toISOString());

    // Every effect came through signed events: they are recorded once each.
    const events = await t.query<{ type: string }>('SELECT type FROM webhook_events ORDER BY received_at, type');
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    // A double submit answers the same success and charges nothing more.
    const again = await pay(t, opened);
    expect(again.json()).toEqual(paid.json());
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + 250_000);
    expect(await t.query('SELECT id FROM local_provider_subscriptions WHERE user_id = $1', [u.user.id])).toHaveLength(
      1,
    );
  });

  it('a declined card (4000 0000 0000 0002, or any other number) → PAYMENT_DECLINED, nothing changes, retry works', async () => {
    const u = await insertUser(t);
    const opened = await checkout(t, u, 'platinum');
    const { sessionId } = opened;
    const before = await state(t, u);
    const events = (await t.query('SELECT id FROM local_provider_events')).length;
    for (const card of [TEST_CARD_DECLINED, '4000 0000 0000 0002', '5555555555554444']) {
      const res = await pay(t, opened, card);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'failed', redirectUrl: null, error: 'PAYMENT_DECLINED' });
    }
    expect(await state(t, u)).toEqual(before);
    const s = await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` });
    expect(s.json()).toMatchObject({ status: 'open', lastError: 'PAYMENT_DECLINED', subscription: null });
    expect(await t.query('SELECT id FROM local_provider_events')).toHaveLength(events);
    expect(await t.query('SELECT id FROM provider_subscriptions WHERE user_id = $1', [u.user.id])).toEqual([]);
    // The session stayed open: the right card now pays.
    const ok = await pay(t, opened, '4242 4242 4242 4242');
    expect(ok.json().status).toBe('complete');
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'platinum' });
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json().lastError).toBeNull();
  });

  it('cancel at period end: still allowed until the end, resume undoes it, then the free plan', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'gold');
    const end = firstPeriodEnd().toISOString();
    const cancel = await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ cancelAtPeriodEnd: true, currentPeriodEnd: end });
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, planSlug: 'gold' });
    expect(await details(u.cookie)).toMatchObject({ cancelAtPeriodEnd: true, hasPaidSubscription: true });

    const resume = await t.request({ method: 'POST', url: '/api/billing/resume', cookie: u.cookie });
    expect(resume.json()).toEqual({ cancelAtPeriodEnd: false, currentPeriodEnd: end });
    expect(await details(u.cookie)).toMatchObject({ cancelAtPeriodEnd: false });

    await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie });
    t.clock.advance((TRIAL_DAYS + 29) * DAY_MS);
    await relogin(t, u);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true });
    // The period ends: the provider ends the subscription (customer.subscription.deleted).
    t.clock.advance(3 * DAY_MS);
    await billingHousekeeping(t.app.deps);
    await relogin(t, u);
    const ended = await state(t, u);
    // What the cancel dialog promised: the free plan (the Bible), not a blocked account.
    expect(ended).toMatchObject({ status: 'active', allowed: true, planSlug: 'free' });
    const deleted = await t.query('SELECT id FROM webhook_events WHERE type = $1', ['customer.subscription.deleted']);
    expect(deleted).toHaveLength(1);
    expect(await details(u.cookie)).toMatchObject({ hasPaidSubscription: false, cancelAtPeriodEnd: false });
    // Nothing left to cancel or resume.
    expect((await t.request({ method: 'POST', url: '/api/billing/resume', cookie: u.cookie })).json().error.code).toBe(
      'NO_PAID_SUBSCRIPTION',
    );
    // The member can still sign in and choose a plan again.
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
    await subscribeLocally(t, u, 'silver');
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'silver', allowed: true });
  });

  it('the period end moves to the free plan on read too, before any provider event (clock moved past the end)', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'platinum');
    await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie });
    t.clock.advance(62 * DAY_MS);
    await relogin(t, u);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, planSlug: 'free' });
    // The provider's own event later changes nothing more.
    await billingHousekeeping(t.app.deps);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, planSlug: 'free' });
  });

  it('renewal: each new period extends the end and grants the plan credits once per invoice', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'platinum');
    const second = addMonth(firstPeriodEnd()).toISOString();
    const start = await balanceOf(t, u.user.id);
    t.clock.advance((TRIAL_DAYS + 31) * DAY_MS);
    await billingHousekeeping(t.app.deps);
    await billingHousekeeping(t.app.deps);
    await relogin(t, u);
    expect(await balanceOf(t, u.user.id)).toBe(start + 100_000);
    const d = await details(u.cookie);
    expect(d.currentPeriodEnd).toBe(second);
    expect(await state(t, u)).toMatchObject({ status: 'active', allowed: true, expiresAt: second });
    const grants = await t.query<{ idempotency_key: string }>(
      "SELECT idempotency_key FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period' ORDER BY id",
      [u.user.id],
    );
    expect(grants).toHaveLength(2);
    expect(new Set(grants.map((g) => g.idempotency_key)).size).toBe(2);
  });

  it('buying another plan replaces the running subscription (the old one is ended at the provider)', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'platinum');
    t.clock.advance(60_000);
    await relogin(t, u);
    await subscribeLocally(t, u, 'diamond');
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'diamond', allowed: true });
    const subs = await t.query<{ status: string; ended: boolean }>(
      'SELECT status, ended_at IS NOT NULL AS ended FROM provider_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [u.user.id],
    );
    expect(subs).toEqual([
      { status: 'canceled', ended: true },
      { status: 'active', ended: false },
    ]);
    const local = await t.query<{ status: string }>(
      'SELECT status FROM local_provider_subscriptions WHERE user_id = $1 ORDER BY created_at',
      [u.user.id],
    );
    expect(local.map((s) => s.status)).toEqual(['canceled', 'active']);
    // The old subscription's deletion event arrived and changed nothing.
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'diamond' });
  });

  it('choosing the free plan with a paid plan running: paid until the period ends, then the free plan', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'silver');
    const free = await planBySlug(t, 'free');
    const res = await t.request({
      method: 'POST',
      url: '/api/billing/checkout',
      cookie: u.cookie,
      payload: { planId: free.id },
    });
    expect(res.json()).toEqual({ url: '/subscription', sessionId: '' });
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'silver' });
    expect(await details(u.cookie)).toMatchObject({ cancelAtPeriodEnd: true });
    t.clock.advance((TRIAL_DAYS + 31) * DAY_MS);
    await billingHousekeeping(t.app.deps);
    await relogin(t, u);
    const s = await state(t, u);
    expect(s).toMatchObject({
      status: 'active',
      planSlug: 'free',
      allowed: true,
      creditsRemaining: TRIAL_CREDITS + 250_000,
    });
    expect(s.features).toEqual({ bible: true, chat: false, community: false, live: false, referral_program: false });
  });

  it('choosing the free plan without a paid plan moves there now (profile created if missing)', async () => {
    const u = await insertUser(t);
    await t.query('DELETE FROM profiles WHERE id = $1', [u.user.id]);
    const free = await planBySlug(t, 'free');
    const res = await t.request({
      method: 'POST',
      url: '/api/billing/checkout',
      cookie: u.cookie,
      payload: { planId: free.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await state(t, u)).toMatchObject({
      status: 'active',
      isTrial: false,
      planSlug: 'free',
      creditsRemaining: 0,
    });
    expect(await t.query('SELECT username FROM profiles WHERE id = $1', [u.user.id])).toEqual([
      { username: u.email.split('@')[0] },
    ]);
  });

  it('portal: the local provider has none (the subscription page); nothing to manage without a payment', async () => {
    const u = await insertUser(t);
    const none = await t.request({ method: 'POST', url: '/api/billing/portal', cookie: u.cookie });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NO_PAID_SUBSCRIPTION');
    expect((await t.request({ method: 'POST', url: '/api/billing/cancel', cookie: u.cookie })).statusCode).toBe(409);
    await subscribeLocally(t, u, 'platinum');
    const res = await t.request({ method: 'POST', url: '/api/billing/portal', cookie: u.cookie });
    expect(res.json()).toEqual({ url: '/subscription' });
  });

  it('plans that cannot be bought: unknown, inactive or private → PLAN_NOT_FOUND', async () => {
    const u = await insertUser(t);
    const gold = await planBySlug(t, 'gold');
    for (const [sql, params] of [
      ['UPDATE subscription_plans SET is_active = false WHERE id = $1', [gold.id]],
      ['UPDATE subscription_plans SET is_active = true, is_public = false WHERE id = $1', [gold.id]],
    ] as const) {
      await t.query(sql, [...params]);
      const res = await t.request({
        method: 'POST',
        url: '/api/billing/checkout',
        cookie: u.cookie,
        payload: { planId: gold.id },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PLAN_NOT_FOUND');
    }
    await t.query('UPDATE subscription_plans SET is_public = true WHERE id = $1', [gold.id]);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/billing/checkout',
      cookie: u.cookie,
      payload: { planId: '00000000-0000-4000-8000-000000000000' },
      locale: 'pt-BR',
    });
    expect(unknown.json().error).toEqual({ code: 'PLAN_NOT_FOUND', message: 'Plano não encontrado' });
    const bad = await t.request({
      method: 'POST',
      url: '/api/billing/checkout',
      cookie: u.cookie,
      payload: { planId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['planId']);
  });

  it('local pay: unknown session 404; expired session closed; rate limited per IP', async () => {
    expect((await pay(t, { sessionId: 'chk_nope' })).statusCode).toBe(404);
    const u = await insertUser(t);
    const { sessionId } = await checkout(t, u, 'silver');
    t.clock.advance(25 * 60 * 60_000);
    await relogin(t, u);
    const late = await pay(t, { sessionId, cookie: u.cookie });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CHECKOUT_CLOSED');
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json().status).toBe('expired');
    let last = 0;
    for (let i = 0; i < 25; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/billing/local/pay',
        payload: { sessionId: 'chk_x', cardNumber: TEST_CARD_DECLINED, expiry: '01/30', cvc: '999', name: 'X' },
        remoteAddress: '10.250.0.1',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});
