import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, REFERRAL_REWARD_CREDITS, TRIAL_DAYS } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { createTestApp } from './support/app.ts';
import {
  balanceOf,
  deliver,
  expectLedgerInvariant,
  invoiceObject,
  planBySlug,
  relogin,
  seconds,
  stripeEvent,
  subscribeLocally,
} from './support/billing.ts';
import { insertUser, type TestUser } from './support/factories.ts';

const t = await createTestApp({ APP_URL: 'https://candeia.example' });
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const overview = (u: TestUser) =>
  t.request({ url: '/api/referrals', cookie: u.cookie, headers: { origin: 'https://candeia.example' } }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  });

const setPlan = async (u: TestUser, slug: string, status = 'active') => {
  const plan = await planBySlug(t, slug);
  await t.query(
    'UPDATE user_subscriptions SET plan_id = $1, status = $2, is_trial = false, trial_end_date = NULL WHERE user_id = $3',
    [plan.id, status, u.user.id],
  );
};

describe('referral program (PRODUCT.md "Referral")', () => {
  it('sign-up with a code: 30 more trial days and 5,000 credits for the new user, once', async () => {
    const referrer = await insertUser(t, { firstName: 'Ana' });
    const plain = await insertUser(t);
    const referred = await insertUser(t, { firstName: 'Bruno', referralCode: referrer.user.referralCode });

    const end = (u: TestUser) =>
      t
        .query<{ trial_end_date: Date; expires_at: Date }>(
          'SELECT trial_end_date, expires_at FROM user_subscriptions WHERE user_id = $1',
          [u.user.id],
        )
        .then((r) => r[0]!);
    const now = t.clock.now().getTime();
    expect((await end(plain)).trial_end_date.getTime()).toBe(now + TRIAL_DAYS * DAY_MS);
    expect((await end(referred)).trial_end_date.getTime()).toBe(now + 2 * TRIAL_DAYS * DAY_MS);
    expect((await end(referred)).expires_at.getTime()).toBe(now + 2 * TRIAL_DAYS * DAY_MS);
    expect(await balanceOf(t, referred.user.id)).toBe(TRIAL_CREDITS + REFERRAL_REWARD_CREDITS);
    expect(await balanceOf(t, plain.user.id)).toBe(TRIAL_CREDITS);
    expect(await balanceOf(t, referrer.user.id)).toBe(TRIAL_CREDITS);

    const mine = await overview(referred);
    expect(mine).toMatchObject({
      eligible: false,
      reason: 'trial',
      code: referred.user.referralCode,
      link: `https://candeia.example/signup?ref=${referred.user.referralCode}`,
      referred: [],
      rewards: [{ credits: REFERRAL_REWARD_CREDITS, kind: 'signup' }],
      totalCredits: REFERRAL_REWARD_CREDITS,
    });
    const theirs = await overview(referrer);
    expect(theirs).toMatchObject({ eligible: false, reason: 'trial', rewards: [], totalCredits: 0 });
    expect(theirs.referred).toEqual([{ firstName: 'Bruno', joinedAt: t.clock.now().toISOString(), rewarded: false }]);
    // Only the first name and the date: nothing else of the referred user.
    expect(JSON.stringify(theirs)).not.toContain(referred.email);
    expect(JSON.stringify(theirs)).not.toContain(referred.user.id);
  });

  it('the referrer gets 5,000 credits when the referred user first pays, exactly once', async () => {
    const referrer = await insertUser(t);
    // A subscriber (not on a trial that would end while the clock moves).
    await setPlan(referrer, 'silver');
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode });
    const start = await balanceOf(t, referrer.user.id);

    await subscribeLocally(t, referred, 'silver');
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    // Renewals and another purchase are not first payments.
    t.clock.advance(31 * DAY_MS);
    await billingHousekeeping(t.app.deps);
    const periods = await t.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period'", [
      referred.user.id,
    ]);
    expect(periods).toHaveLength(2);
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    const rewards = await t.query(
      'SELECT kind, beneficiary_user_id FROM referral_rewards WHERE referred_user_id = $1 ORDER BY kind',
      [referred.user.id],
    );
    expect(rewards).toEqual([
      { kind: 'first_payment', beneficiary_user_id: referrer.user.id },
      { kind: 'signup', beneficiary_user_id: referred.user.id },
    ]);
    await relogin(t, referrer);
    const ov = await overview(referrer);
    expect(ov.referred).toMatchObject([{ rewarded: true }]);
    expect(ov.rewards).toMatchObject([{ credits: REFERRAL_REWARD_CREDITS, kind: 'first_payment' }]);
  });

  it('two first-payment invoices at once still reward once', async () => {
    const referrer = await insertUser(t);
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode });
    const start = await balanceOf(t, referrer.user.id);
    const plan = await planBySlug(t, 'platinum');
    const now = seconds(t.clock.now());
    const invoices = [1, 2, 3].map((i) =>
      stripeEvent(
        t,
        'invoice.paid',
        invoiceObject({
          id: `in_race_${i}_${referred.user.id.slice(0, 8)}`,
          subscription: `sub_race_${referred.user.id.slice(0, 8)}`,
          customer: 'cus_race',
          userId: referred.user.id,
          planId: plan.id,
          amountPaid: 10_990,
          periodStart: now,
          periodEnd: now + 30 * 86400,
        }),
      ),
    );
    const res = await Promise.all(invoices.map((e) => deliver(t, e)));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    // A free (0) invoice is no payment.
    const other = await insertUser(t, { referralCode: referrer.user.referralCode });
    await deliver(
      t,
      stripeEvent(
        t,
        'invoice.paid',
        invoiceObject({
          subscription: 'sub_zero',
          customer: 'cus_zero',
          userId: other.user.id,
          planId: plan.id,
          amountPaid: 0,
          periodStart: now,
          periodEnd: now + 86400,
        }),
      ),
    );
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
  });

  it.each([
    ['trial', null, 'trial'],
    ['free', 'active', 'free_plan'],
    ['platinum', 'active', 'not_in_plan'],
    ['silver', 'canceled', 'inactive'],
    ['silver', 'past_due', 'inactive'],
    ['gold', 'trialing', 'inactive'],
    ['silver', 'active', null],
    ['diamond', 'active', null],
  ])('eligibility: %s / %s → reason %s', async (slug, status, reason) => {
    const u = await insertUser(t);
    if (slug !== 'trial') await setPlan(u, slug, status!);
    const ov = await overview(u);
    expect(ov.reason).toBe(reason);
    expect(ov.eligible).toBe(reason === null);
  });

  it('an administrator is eligible', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    expect(await overview(admin)).toMatchObject({ eligible: true, reason: null });
  });

  it('signed out: 401', async () => {
    expect((await t.request({ url: '/api/referrals' })).statusCode).toBe(401);
  });
});
