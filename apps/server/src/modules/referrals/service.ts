import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_CREDITS, REFERRAL_REWARD_DAYS } from '@candeia/shared/constants';
import type { ReferralOverviewDto } from '@candeia/shared/schemas/billing';
import type { DbOrTx } from '../../db/client.ts';
import { referralRewards, userSubscriptions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { findPlan, findSubscription } from '../billing/repository.ts';
import { subscriptionState } from '../billing/service.ts';
import { grant } from '../credits/service.ts';

/**
 * Sign-up with a valid referral code (PRODUCT.md "Referral"): the new user's trial ends 30 days
 * later and they get 5,000 credits. Runs in the sign-up transaction, once per user.
 */
export async function applySignupReferral(db: DbOrTx, userId: string, referrerId: string, now: Date): Promise<void> {
  const [reward] = await db
    .insert(referralRewards)
    .values({
      referredUserId: userId,
      beneficiaryUserId: userId,
      kind: 'signup',
      credits: REFERRAL_REWARD_CREDITS,
      days: REFERRAL_REWARD_DAYS,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  if (!reward) return;
  await db
    .update(userSubscriptions)
    .set({
      trialEndDate: sql`${userSubscriptions.trialEndDate} + make_interval(days => ${REFERRAL_REWARD_DAYS})`,
      expiresAt: sql`${userSubscriptions.expiresAt} + make_interval(days => ${REFERRAL_REWARD_DAYS})`,
      updatedAt: now,
    })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isTrial, true)));
  await grant(
    db,
    userId,
    REFERRAL_REWARD_CREDITS,
    'referral_signup',
    `referral-signup:${userId}`,
    `referrer:${referrerId}`,
    now,
  );
}

/**
 * The referred user's first successful payment: 5,000 credits to whoever referred them, once
 * (one reward row per referred user and kind; the grant's key is the referred user's).
 */
export async function rewardReferrerOnFirstPayment(db: DbOrTx, referredUserId: string, now: Date): Promise<void> {
  const user = await db.query.users.findFirst({
    where: eq(users.id, referredUserId),
    columns: { referredBy: true },
  });
  const referrerId = user?.referredBy;
  if (!referrerId) return;
  const referrer = await db.query.users.findFirst({ where: eq(users.id, referrerId), columns: { id: true } });
  if (!referrer) return;
  const [reward] = await db
    .insert(referralRewards)
    .values({
      referredUserId,
      beneficiaryUserId: referrerId,
      kind: 'first_payment',
      credits: REFERRAL_REWARD_CREDITS,
      days: 0,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  if (!reward) return;
  await grant(
    db,
    referrerId,
    REFERRAL_REWARD_CREDITS,
    'referral_reward',
    `referral-first-payment:${referredUserId}`,
    `referred:${referredUserId}`,
    now,
  );
}

/**
 * GET /api/referrals. Eligibility (SPEC.md §6): an active, non-trial subscription on a plan with
 * a monthly price above 0 — and, as PRODUCT.md maps plans to features, a plan with the
 * referral_program flag. Reasons: 'trial' | 'inactive' | 'free_plan' | 'not_in_plan'.
 */
export async function referralOverview(deps: Deps, actor: Actor): Promise<ReferralOverviewDto> {
  const userId = actor.userId!;
  const user = await deps.db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { referralCode: true },
  });
  if (!user) throw new AppError('AUTH_REQUIRED');
  const state = await subscriptionState(deps, { id: userId, role: actor.role });
  let reason: string | null = null;
  if (!state.isAdmin) {
    const sub = await findSubscription(deps.db, userId);
    const plan = sub?.planId ? await findPlan(deps.db, sub.planId) : undefined;
    if (state.isTrial) reason = 'trial';
    else if (state.status !== 'active' || !state.allowed) reason = 'inactive';
    else if (!plan || plan.monthlyPriceCents <= 0) reason = 'free_plan';
    else if (!state.features.referral_program) reason = 'not_in_plan';
  }
  const [referred, rewards, rewarded] = await Promise.all([
    deps.db
      .select({ id: users.id, firstName: users.firstName, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.referredBy, userId))
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(500),
    deps.db
      .select()
      .from(referralRewards)
      .where(eq(referralRewards.beneficiaryUserId, userId))
      .orderBy(desc(referralRewards.createdAt)),
    deps.db
      .select({ referredUserId: referralRewards.referredUserId })
      .from(referralRewards)
      .where(and(eq(referralRewards.beneficiaryUserId, userId), eq(referralRewards.kind, 'first_payment'))),
  ]);
  const paid = new Set(rewarded.map((r) => r.referredUserId));
  return {
    eligible: reason === null,
    reason,
    code: user.referralCode,
    link: `${deps.config.APP_URL.replace(/\/$/, '')}/signup?ref=${encodeURIComponent(user.referralCode)}`,
    referred: referred.map((r) => ({
      firstName: r.firstName,
      joinedAt: r.createdAt.toISOString(),
      rewarded: paid.has(r.id),
    })),
    rewards: rewards.map((r) => ({
      credits: r.credits,
      createdAt: r.createdAt.toISOString(),
      kind: r.kind as 'signup' | 'first_payment',
    })),
    totalCredits: rewards.reduce((n, r) => n + r.credits, 0),
  };
}
