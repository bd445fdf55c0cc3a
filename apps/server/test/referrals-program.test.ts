import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, REFERRAL_REWARD_CREDITS, TRIAL_DAYS } from '@candeia/shared/constants';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { hashingStats } from '../src/lib/passwords.ts';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { createTestApp, sessionCookie } from './support/app.ts';
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
import {
  confirmEmail,
  insertUser,
  latestVerificationToken,
  makeSignUp,
  uniqueIp,
  verifyEmail,
  type TestUser,
} from './support/factories.ts';

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

/** A member in the referral program: an active Prata (silver) subscriber, as after paying. */
async function eligibleReferrer(overrides: Parameters<typeof insertUser>[1] = {}) {
  const u = await insertUser(t, { verified: true, ...overrides });
  await setPlan(u, 'silver');
  return u;
}

const trialEnd = (u: TestUser) =>
  t
    .query<{ trial_end_date: Date; expires_at: Date }>(
      'SELECT trial_end_date, expires_at FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    )
    .then((r) => r[0]!);

/** A paid invoice (Stripe-shaped, signed) for `u`: its first payment. */
async function firstPayment(u: TestUser, amountPaid = 10_990) {
  const plan = await planBySlug(t, 'platinum');
  const now = seconds(t.clock.now());
  const res = await deliver(
    t,
    stripeEvent(
      t,
      'invoice.paid',
      invoiceObject({
        subscription: `sub_first_${u.user.id.slice(0, 8)}`,
        customer: `cus_first_${u.user.id.slice(0, 8)}`,
        userId: u.user.id,
        planId: plan.id,
        amountPaid,
        periodStart: now,
        periodEnd: now + 30 * 86400,
      }),
    ),
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('referral program (PRODUCT.md "Referral")', () => {
  it('sign-up with a code: the 30 more trial days and 5,000 credits come when the address is verified, once', async () => {
    const referrer = await eligibleReferrer({ firstName: 'Ana' });
    const plain = await insertUser(t);
    const referred = await insertUser(t, { firstName: 'Bruno', referralCode: referrer.user.referralCode });

    const now = t.clock.now().getTime();
    // Nothing yet: the address is not verified.
    expect((await trialEnd(referred)).trial_end_date.getTime()).toBe(now + TRIAL_DAYS * DAY_MS);
    expect(await balanceOf(t, referred.user.id)).toBe(TRIAL_CREDITS);
    expect((await overview(referred)).rewards).toEqual([]);

    expect((await verifyEmail(t, referred.email)).statusCode).toBe(200);
    expect((await trialEnd(plain)).trial_end_date.getTime()).toBe(now + TRIAL_DAYS * DAY_MS);
    expect((await trialEnd(referred)).trial_end_date.getTime()).toBe(now + 2 * TRIAL_DAYS * DAY_MS);
    expect((await trialEnd(referred)).expires_at.getTime()).toBe(now + 2 * TRIAL_DAYS * DAY_MS);
    expect(await balanceOf(t, referred.user.id)).toBe(TRIAL_CREDITS + REFERRAL_REWARD_CREDITS);
    expect(await balanceOf(t, plain.user.id)).toBe(TRIAL_CREDITS);

    const mine = await overview(referred);
    expect(mine).toMatchObject({
      eligible: false,
      reason: 'trial',
      code: referred.user.referralCode,
      link: `https://candeia.example/signup?ref=${referred.user.referralCode}`,
      referred: [],
      // Their own sign-up bonus is no reward for referring anyone (it is in the credit history).
      rewards: [],
      totalCredits: 0,
    });
    const theirs = await overview(referrer);
    expect(theirs).toMatchObject({ eligible: true, reason: null, rewards: [], totalCredits: 0 });
    expect(theirs.referred).toEqual([{ firstName: 'Bruno', joinedAt: t.clock.now().toISOString(), rewarded: false }]);
    // Only the first name and the date: nothing else of the referred user.
    expect(JSON.stringify(theirs)).not.toContain(referred.email);
    expect(JSON.stringify(theirs)).not.toContain(referred.user.id);

    // A second link (asked later) verifies nothing more and pays nothing more.
    t.clock.advance(MINUTE_MS);
    const again = await t.request({ method: 'POST', url: '/api/auth/verify-email/resend', cookie: referred.cookie });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t, referred.user.id)).toBe(TRIAL_CREDITS + REFERRAL_REWARD_CREDITS);
  });

  it('the referrer gets 5,000 credits when the referred user, verified, first pays, exactly once', async () => {
    // A subscriber (not on a trial that would end while the clock moves).
    const referrer = await eligibleReferrer();
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode, verified: true });
    const start = await balanceOf(t, referrer.user.id);

    await subscribeLocally(t, referred, 'silver');
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    // Renewals and another purchase are not first payments. (Bought during the trial: its 60 days
    // are kept, and the first renewal comes a month after them.)
    t.clock.advance((2 * TRIAL_DAYS + 31) * DAY_MS);
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
    // The referrer is told, once.
    const told = await t.query("SELECT data FROM notifications WHERE user_id = $1 AND type = 'referral_reward'", [
      referrer.user.id,
    ]);
    expect(told).toEqual([{ data: { credits: REFERRAL_REWARD_CREDITS } }]);
    await relogin(t, referrer);
    const ov = await overview(referrer);
    expect(ov.referred).toMatchObject([{ rewarded: true }]);
    expect(ov.rewards).toMatchObject([{ credits: REFERRAL_REWARD_CREDITS, kind: 'first_payment' }]);
  });

  it('paid before verifying: the referrer is paid at verification, whichever comes last, once', async () => {
    const referrer = await eligibleReferrer();
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode });
    const start = await balanceOf(t, referrer.user.id);
    await firstPayment(referred);
    await firstPayment(referred);
    expect(await balanceOf(t, referrer.user.id)).toBe(start);
    expect((await overview(referrer)).referred).toMatchObject([{ rewarded: false }]);

    expect((await verifyEmail(t, referred.email)).statusCode).toBe(200);
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    expect(await balanceOf(t, referred.user.id)).toBeGreaterThanOrEqual(TRIAL_CREDITS + REFERRAL_REWARD_CREDITS);
    // Later payments change nothing.
    await firstPayment(referred);
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    const ledger = await t.query("SELECT id FROM credit_ledger WHERE user_id = $1 AND kind = 'referral_reward'", [
      referrer.user.id,
    ]);
    expect(ledger).toHaveLength(1);
  });

  it('a verification and a first payment at the same moment pay the referrer exactly once', async () => {
    for (let round = 0; round < 4; round++) {
      const referrer = await eligibleReferrer();
      const referred = await insertUser(t, { referralCode: referrer.user.referralCode });
      const start = await balanceOf(t, referrer.user.id);
      const token = await latestVerificationToken(t, referred.email);
      const [verified] = await Promise.all([confirmEmail(t, token), firstPayment(referred)]);
      expect(verified.statusCode).toBe(200);
      expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
    }
  });

  it('an unverified member who pays earns the referrer nothing', async () => {
    const referrer = await eligibleReferrer();
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode });
    const start = await balanceOf(t, referrer.user.id);
    await subscribeLocally(t, referred, 'silver');
    expect(await balanceOf(t, referrer.user.id)).toBe(start);
    expect(await t.query('SELECT id FROM referral_rewards WHERE referred_user_id = $1', [referred.user.id])).toEqual(
      [],
    );
  });

  it('two first-payment invoices at once still reward once', async () => {
    const referrer = await eligibleReferrer();
    const referred = await insertUser(t, { referralCode: referrer.user.referralCode, verified: true });
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
    // A free (0) invoice is no payment, before or after the verification.
    const other = await insertUser(t, { referralCode: referrer.user.referralCode });
    await firstPayment(other, 0);
    expect((await verifyEmail(t, other.email)).statusCode).toBe(200);
    expect(await balanceOf(t, referrer.user.id)).toBe(start + REFERRAL_REWARD_CREDITS);
  });

  it.each([
    ['trial', null, 'trial'],
    ['free', 'active', 'free_plan'],
    ['platinum', 'active', 'not_in_plan'],
    ['silver', 'canceled', 'inactive'],
    ['silver', 'past_due', 'inactive'],
  ])(
    'a code whose owner is not eligible (%s / %s: %s) is refused at sign-up, at its field, and never rewarded',
    async (slug, status, _reason) => {
      const owner = await insertUser(t, { verified: true });
      if (slug !== 'trial') await setPlan(owner, slug, status!);
      const start = await balanceOf(t, owner.user.id);
      const body = makeSignUp({ referralCode: owner.user.referralCode, firstName: 'Clara', city: 'Recife' });
      const hashes = hashingStats.hashes;
      const refused = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: body,
        locale: 'pt-BR',
        remoteAddress: uniqueIp(),
      });
      expect(refused.statusCode).toBe(400);
      const message =
        'Este código de indicação não pode ser usado: quem o compartilhou não participa do programa de indicação no momento. Confira o código ou deixe o campo em branco.';
      expect(refused.json()).toEqual({
        error: { code: 'REFERRAL_CODE_INELIGIBLE', message, fields: { referralCode: message } },
      });
      expect(sessionCookie(refused)).toBeNull();
      expect(await t.query('SELECT id FROM users WHERE email = $1', [body.email])).toEqual([]);
      // Refused before the password was hashed.
      expect(hashingStats.hashes).toBe(hashes);

      // The same person signs up without the code, verifies and pays: the owner gets nothing, then or later.
      const { referralCode: _dropped, ...rest } = body;
      const joined = await insertUser(t, { ...rest, verified: true });
      await subscribeLocally(t, joined, 'silver');
      await setPlan(owner, 'silver');
      await firstPayment(joined);
      expect(await balanceOf(t, owner.user.id)).toBe(start);
      expect(await t.query('SELECT id FROM referral_rewards WHERE referred_user_id = $1', [joined.user.id])).toEqual(
        [],
      );
    },
  );

  it('in English and Spanish too', async () => {
    const owner = await insertUser(t);
    for (const [locale, text] of [
      [
        'en-US',
        "This referral code can't be used: the person who shared it isn't in the referral program at the moment. Check the code or leave the field empty.",
      ],
      [
        'es-ES',
        'Este código de invitación no se puede usar: quien lo compartió no participa en el programa de invitaciones en este momento. Revisa el código o deja el campo vacío.',
      ],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: makeSignUp({ referralCode: owner.user.referralCode }),
        locale,
        remoteAddress: uniqueIp(),
      });
      expect(res.json().error.fields.referralCode).toBe(text);
    }
  });

  it.each([
    ['trial', null, 'trial'],
    ['free', 'active', 'free_plan'],
    ['platinum', 'active', 'not_in_plan'],
    ['silver', 'canceled', 'inactive'],
    ['silver', 'past_due', 'inactive'],
    ['gold', 'trialing', 'paid_trial'],
    ['gold', 'past_due', 'inactive'],
    ['silver', 'active', null],
    ['diamond', 'active', null],
  ])('eligibility: %s / %s → reason %s', async (slug, status, reason) => {
    const u = await insertUser(t);
    if (slug !== 'trial') await setPlan(u, slug, status!);
    const ov = await overview(u);
    expect(ov.reason).toBe(reason);
    expect(ov.eligible).toBe(reason === null);
  });

  it('a paid plan without the programme is named, with the plans that have it', async () => {
    const u = await insertUser(t, { verified: true });
    await setPlan(u, 'platinum');
    const ov = await overview(u);
    expect(ov).toMatchObject({ eligible: false, reason: 'not_in_plan', plan: { slug: 'platinum', name: 'Platinum' } });
    expect(ov.plansWithProgram.map((p: { slug: string }) => p.slug)).toEqual(['silver', 'gold', 'diamond']);
    // A plan the admin takes the flag off is no longer named.
    await t.query(
      `UPDATE subscription_plans SET features = '{"bible":true,"chat":true,"community":true,"live":true,"referral_program":false}' WHERE slug = 'gold'`,
    );
    try {
      expect((await overview(u)).plansWithProgram.map((p: { slug: string }) => p.slug)).toEqual(['silver', 'diamond']);
    } finally {
      await t.query(
        `UPDATE subscription_plans SET features = '{"bible":true,"chat":true,"community":true,"live":true,"referral_program":true}' WHERE slug = 'gold'`,
      );
    }
  });

  it('"Créditos ganhos" counts only rewards for people referred, never the sign-up bonus', async () => {
    // A member who joined with a code (5,000 credits of their own), then paid for Prata.
    const referrer = await eligibleReferrer();
    const member = await insertUser(t, { verified: true, referralCode: referrer.user.referralCode });
    await setPlan(member, 'silver');
    expect(await overview(member)).toMatchObject({ eligible: true, rewards: [], totalCredits: 0 });
    // Someone they referred pays: that is what they earned.
    const friend = await insertUser(t, { verified: true, referralCode: member.user.referralCode });
    await firstPayment(friend);
    const ov = await overview(member);
    expect(ov.totalCredits).toBe(REFERRAL_REWARD_CREDITS);
    expect(ov.rewards).toMatchObject([{ credits: REFERRAL_REWARD_CREDITS, kind: 'first_payment' }]);
  });

  it('an administrator is eligible', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    expect(await overview(admin)).toMatchObject({ eligible: true, reason: null });
  });

  it('signed out: 401', async () => {
    expect((await t.request({ url: '/api/referrals' })).statusCode).toBe(401);
  });
});
