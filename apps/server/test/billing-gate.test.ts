import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, PLAN_FEATURES, TRIAL_DAYS, type PlanFeature } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { AppError } from '../src/lib/app-error.ts';
import { requireFeature } from '../src/modules/billing/access.ts';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { createTestApp } from './support/app.ts';
import { balanceOf, checkout, expectLedgerInvariant, pay, planBySlug, relogin, state } from './support/billing.ts';
import { insertUser, type TestUser } from './support/factories.ts';

const t = await createTestApp();
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

async function gate(u: TestUser, feature: PlanFeature): Promise<string> {
  try {
    await requireFeature(t.app.deps, { userId: u.user.id, role: u.user.role }, feature);
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

/** A user on a plan (not on trial) with a given status, written as a webhook would leave it. */
async function onPlan(slug: string, status: string | null, role?: 'admin'): Promise<TestUser> {
  const u = await insertUser(t, role ? { role } : {});
  const plan = await planBySlug(t, slug);
  await t.query(
    'UPDATE user_subscriptions SET plan_id = $1, status = $2, is_trial = false, trial_end_date = NULL WHERE user_id = $3',
    [plan.id, status, u.user.id],
  );
  return u;
}

describe('SECURITY 22: the gate over every subscription status (SPEC.md §4)', () => {
  const table: Array<[string | null, boolean]> = [
    ['active', true],
    ['trialing', true],
    ['past_due', false],
    ['unpaid', false],
    ['canceled', false],
    ['incomplete', false],
    ['payment_failed', false],
    [null, false],
  ];

  it.each(table)('status %s → allowed %s, for /api/subscription and requireFeature', async (status, allowed) => {
    const u = await onPlan('diamond', status);
    const s = await state(t, u);
    expect(s.status).toBe(status);
    expect(s.allowed).toBe(allowed);
    for (const feature of PLAN_FEATURES) expect(await gate(u, feature)).toBe(allowed ? 'ok' : 'SUBSCRIPTION_REQUIRED');
    // An administrator passes whatever the row says.
    const admin = await onPlan('free', status, 'admin');
    expect(await state(t, admin)).toMatchObject({ allowed: true, isAdmin: true, status: 'active', isTrial: false });
    for (const feature of PLAN_FEATURES) expect(await gate(admin, feature)).toBe('ok');
  });

  it('a blocked user gets SUBSCRIPTION_REQUIRED with the translated message', async () => {
    const u = await onPlan('gold', 'canceled');
    const err = await requireFeature(t.app.deps, { userId: u.user.id, role: 'user' }, 'chat').catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(403);
  });

  it.each([
    ['free', ['bible']],
    ['platinum', ['bible', 'chat', 'community']],
    ['silver', ['bible', 'chat', 'community', 'referral_program']],
    ['gold', ['bible', 'chat', 'community', 'live', 'referral_program']],
    ['diamond', ['bible', 'chat', 'community', 'live', 'referral_program']],
  ])('plan %s gives exactly %j (others: FEATURE_NOT_IN_PLAN)', async (slug, flags) => {
    const u = await onPlan(slug, 'active');
    for (const feature of PLAN_FEATURES)
      expect(await gate(u, feature), feature).toBe(flags.includes(feature) ? 'ok' : 'FEATURE_NOT_IN_PLAN');
  });

  it('trial users get every flag but live and referral_program', async () => {
    const u = await insertUser(t);
    expect(await state(t, u)).toMatchObject({ status: 'trialing', isTrial: true, allowed: true });
    for (const feature of PLAN_FEATURES)
      expect(await gate(u, feature)).toBe(
        ['live', 'referral_program'].includes(feature) ? 'FEATURE_NOT_IN_PLAN' : 'ok',
      );
  });
});

describe('SECURITY 22: access comes only from webhook-confirmed state, never from the success URL', () => {
  it('reading the checkout (as the success page does) and a declined card grant nothing', async () => {
    const u = await insertUser(t);
    await t.query("UPDATE user_subscriptions SET status = 'canceled', is_trial = false WHERE user_id = $1", [
      u.user.id,
    ]);
    const opened = await checkout(t, u, 'gold');
    const { sessionId } = opened;
    const blocked = await state(t, u);
    expect(blocked.allowed).toBe(false);
    for (const url of [
      `/api/billing/checkout-sessions/${sessionId}`,
      `/api/billing/checkout-sessions/${sessionId}?status=complete&paid=true`,
      `/api/billing/subscription?session_id=${sessionId}`,
      `/api/subscription?session_id=${sessionId}`,
    ]) {
      expect((await t.request({ url, cookie: u.cookie })).statusCode).toBeLessThan(500);
    }
    expect((await pay(t, opened, '4000000000000002')).json().status).toBe('failed');
    expect(await state(t, u)).toEqual(blocked);
    expect(await gate(u, 'live')).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('an accepted card whose events cannot be delivered grants nothing until they are', async () => {
    const u = await insertUser(t);
    const opened = await checkout(t, u, 'gold');
    const { sessionId } = opened;
    const before = await state(t, u);
    // The webhook handler cannot record events for a moment.
    await t.query(`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END; $$`);
    await t.query(
      'CREATE TRIGGER test_refuse BEFORE INSERT ON webhook_events FOR EACH ROW EXECUTE FUNCTION test_refuse()',
    );
    try {
      const res = await pay(t, opened);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await t.query('DROP TRIGGER test_refuse ON webhook_events');
      await t.query('DROP FUNCTION test_refuse()');
    }
    expect(await state(t, u)).toEqual(before);
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json().status).toBe('open');
    expect(await gate(u, 'live')).toBe('FEATURE_NOT_IN_PLAN');
    // The queued events are delivered (the periodic job, or paying again): now, and only now, access.
    await billingHousekeeping(t.app.deps);
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'gold' });
    expect(await gate(u, 'live')).toBe('ok');
    expect((await t.request({ url: `/api/billing/checkout-sessions/${sessionId}` })).json().status).toBe('complete');
  });
});

describe('a trial that ends unpaid: the free plan (Bible only) and a notice shown once', () => {
  it('on the first read after the end; the credits left are kept; the notice stays until marked seen', async () => {
    const u = await insertUser(t);
    const during = await state(t, u);
    expect(during).toMatchObject({ isTrial: true, trialDaysLeft: TRIAL_DAYS, creditsRemaining: TRIAL_CREDITS });
    t.clock.advance((TRIAL_DAYS - 3) * DAY_MS + 1000);
    await relogin(t, u);
    expect(await state(t, u)).toMatchObject({ isTrial: true, trialDaysLeft: 3, allowed: true });
    t.clock.advance(3 * DAY_MS);
    await relogin(t, u);
    const after = await state(t, u);
    expect(after).toMatchObject({
      status: 'active',
      isTrial: false,
      planSlug: 'free',
      planName: 'Plano Gratuito',
      allowed: true,
      trialDaysLeft: null,
      // Nothing is taken: the trial's credits wait for a plan with the chat (decision 018).
      creditsRemaining: TRIAL_CREDITS,
    });
    expect(after.features).toEqual({
      bible: true,
      chat: false,
      community: false,
      live: false,
      referral_program: false,
    });
    expect(await gate(u, 'chat')).toBe('FEATURE_NOT_IN_PLAN');
    const reset = await t.query<{ delta: number; kind: string }>(
      "SELECT delta, kind FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_reset'",
      [u.user.id],
    );
    expect(reset).toEqual([]);

    const details = () => t.request({ url: '/api/billing/subscription', cookie: u.cookie }).then((r) => r.json());
    expect(await details()).toEqual({
      provider: 'local',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      hasPaidSubscription: false,
      trialEndedNotice: true,
    });
    // Reading does not clear it (no state change on GET)…
    expect((await details()).trialEndedNotice).toBe(true);
    // …the page says it was shown.
    const seen = await t.request({ method: 'POST', url: '/api/billing/trial-notice/seen', cookie: u.cookie });
    expect(seen.json()).toEqual({ ok: true });
    expect((await details()).trialEndedNotice).toBe(false);
    // Reading the state again changes nothing more.
    expect(await state(t, u)).toEqual(after);
  });

  it('the gate alone (no read of the state first) moves an ended trial, or a member with no row, to the free plan', async () => {
    const ended = await insertUser(t);
    const none = await insertUser(t);
    await t.query('DELETE FROM user_subscriptions WHERE user_id = $1', [none.user.id]);
    t.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    for (const u of [ended, none]) {
      expect(await gate(u, 'chat')).toBe('FEATURE_NOT_IN_PLAN');
      expect(await gate(u, 'bible')).toBe('ok');
      const [row] = await t.query<{ is_trial: boolean; slug: string }>(
        'SELECT s.is_trial, p.slug FROM user_subscriptions s JOIN subscription_plans p ON p.id = s.plan_id WHERE s.user_id = $1',
        [u.user.id],
      );
      expect(row).toEqual({ is_trial: false, slug: 'free' });
    }
  });

  it('a plan canceled at its period end keeps its flags until that end, then the gate gives the free plan', async () => {
    const u = await onPlan('gold', 'active');
    await t.query(
      'UPDATE user_subscriptions SET cancel_at_period_end = true, current_period_end = $1 WHERE user_id = $2',
      [new Date(t.clock.now().getTime() + DAY_MS), u.user.id],
    );
    expect(await gate(u, 'live')).toBe('ok');
    t.clock.advance(DAY_MS + 1000);
    expect(await gate(u, 'live')).toBe('FEATURE_NOT_IN_PLAN');
    expect(await gate(u, 'bible')).toBe('ok');
  });

  it('the periodic job moves ended trials too, once, for users who do not come back', async () => {
    const u = await insertUser(t);
    t.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    await billingHousekeeping(t.app.deps);
    await billingHousekeeping(t.app.deps);
    const [row] = await t.query(
      'SELECT status, is_trial, trial_ended_notice FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    );
    expect(row).toEqual({ status: 'active', is_trial: false, trial_ended_notice: true });
    const resets = await t.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_reset'", [
      u.user.id,
    ]);
    expect(resets).toHaveLength(0);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS);
  });

  it('paying during the trial ends the trial without the notice', async () => {
    const u = await insertUser(t);
    await pay(t, await checkout(t, u, 'platinum'));
    t.clock.advance(TRIAL_DAYS * DAY_MS + 1000);
    await relogin(t, u);
    const s = await state(t, u);
    expect(s).toMatchObject({ planSlug: 'platinum', isTrial: false });
    const d = (await t.request({ url: '/api/billing/subscription', cookie: u.cookie })).json();
    expect(d.trialEndedNotice).toBe(false);
  });
});
