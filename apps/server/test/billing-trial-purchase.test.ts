import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, REFERRAL_REWARD_DAYS, TRIAL_DAYS } from '@candeia/shared/constants';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { addMonth } from '../src/modules/payments/provider.ts';
import { createTestApp } from './support/app.ts';
import { expectLedgerInvariant, planBySlug, relogin, state, subscribeLocally } from './support/billing.ts';
import { insertUser, type TestUser } from './support/factories.ts';

/**
 * Paying during the trial keeps its free days: the paid month starts when the trial ends (the
 * local provider adds the days left to the first period; Stripe gets `trial_end`, see
 * payments-stripe.test.ts), and the screens read that date.
 */

const t = await createTestApp();
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const details = (u: TestUser) =>
  t.request({ url: '/api/billing/subscription', cookie: u.cookie }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ currentPeriodEnd: string | null; hasPaidSubscription: boolean }>();
  });

/** A member with 60 days of trial: signed up with the code of a Prata member, address verified. */
async function referredMember(): Promise<TestUser> {
  const referrer = await insertUser(t, { verified: true });
  const silver = await planBySlug(t, 'silver');
  await t.query(
    "UPDATE user_subscriptions SET plan_id = $1, status = 'active', is_trial = false, trial_end_date = NULL WHERE user_id = $2",
    [silver.id, referrer.user.id],
  );
  return insertUser(t, { verified: true, referralCode: referrer.user.referralCode });
}

describe('buying a plan during the trial', () => {
  it('a referred member with 60 days of trial left who buys Ouro renews after those days and a month', async () => {
    const u = await referredMember();
    const trial = await state(t, u);
    expect(trial.trialDaysLeft).toBe(TRIAL_DAYS + REFERRAL_REWARD_DAYS);
    const trialEnd = new Date(trial.trialEndDate as string);

    await subscribeLocally(t, u, 'gold');
    const renews = addMonth(trialEnd).toISOString();
    const d = await details(u);
    expect(d).toMatchObject({ hasPaidSubscription: true, currentPeriodEnd: renews });
    expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'gold', isTrial: false, expiresAt: renews });
    // Not in 30 days, as before.
    expect(new Date(renews).getTime() - t.clock.now().getTime()).toBeGreaterThan(80 * DAY_MS);

    // Day 31 and day 61: still the first paid period, no second charge.
    for (const days of [31, 30]) {
      t.clock.advance(days * DAY_MS);
      await billingHousekeeping(t.app.deps);
      await relogin(t, u);
      expect(await state(t, u)).toMatchObject({ status: 'active', planSlug: 'gold', expiresAt: renews });
    }
    const invoices = () =>
      t.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period'", [u.user.id]);
    expect(await invoices()).toHaveLength(1);
    // After the month that follows the trial: the first renewal.
    t.clock.set(new Date(new Date(renews).getTime() + 60_000));
    await billingHousekeeping(t.app.deps);
    await relogin(t, u);
    expect(await invoices()).toHaveLength(2);
    expect((await details(u)).currentPeriodEnd).toBe(addMonth(new Date(renews)).toISOString());
  });

  it('with less than two days of trial left, the paid month starts now (as Stripe does)', async () => {
    const u = await insertUser(t);
    t.clock.advance((TRIAL_DAYS - 1) * DAY_MS);
    await relogin(t, u);
    await subscribeLocally(t, u, 'platinum');
    expect((await details(u)).currentPeriodEnd).toBe(addMonth(t.clock.now()).toISOString());
  });
});
