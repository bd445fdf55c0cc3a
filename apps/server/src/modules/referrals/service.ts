import { REFERRAL_REWARD_CREDITS, REFERRAL_REWARD_DAYS } from '@candeia/shared/constants';
import { normalizeFeatures } from '@candeia/shared/plans';
import { paths } from '@candeia/shared/routes';
import type { ReferralOverviewDto } from '@candeia/shared/schemas/billing';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor, Deps } from '../../types.ts';
import { findPlan, findSubscription, listPublicPlans, type PlanRow } from '../billing/index.ts';
import { subscriptionState } from '../billing/index.ts';
import { grant } from '../credits/index.ts';
import { notify } from '../notifications/index.ts';
import * as repo from './repository.ts';

/**
 * Why a referrer's code is refused, or null when it may be used (SPEC.md §6, PRODUCT.md
 * "Referral"): 'trial' | 'paid_trial' | 'inactive' | 'free_plan' | 'not_in_plan'. The one rule:
 * /referral, /profile and the sign-up check all ask it. An administrator is eligible.
 */
export async function referralIneligibility(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string; role: string | null },
): Promise<string | null> {
  return (await referralEligibility(deps, user)).reason;
}

async function referralEligibility(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string; role: string | null },
): Promise<{ reason: string | null; plan: PlanRow | undefined }> {
  const state = await subscriptionState(deps, user);
  const sub = await findSubscription(deps.db, user.id);
  const plan = sub?.planId ? await findPlan(deps.db, sub.planId) : undefined;
  if (state.isAdmin) return { reason: null, plan };
  if (state.isTrial) return { reason: 'trial', plan };
  // A paid plan bought during the free days (Stripe's trial_end): not yet paid, still a trial.
  if (state.status === 'trialing' && state.allowed && plan && plan.monthlyPriceCents > 0)
    return { reason: 'paid_trial', plan };
  if (state.status !== 'active' || !state.allowed) return { reason: 'inactive', plan };
  if (!plan || plan.monthlyPriceCents <= 0) return { reason: 'free_plan', plan };
  if (!state.features.referral_program) return { reason: 'not_in_plan', plan };
  return { reason: null, plan };
}

/**
 * The new member's reward for a referral code accepted at sign-up (PRODUCT.md "Referral"): the
 * trial ends 30 days later and 5,000 credits. Paid when the address is verified, in the
 * verification's transaction, once per user (one reward row per referred user and kind).
 */
export async function applySignupReferral(db: DbOrTx, userId: string, referrerId: string, now: Date): Promise<void> {
  const rewarded = await repo.insertReward(db, {
    referredUserId: userId,
    beneficiaryUserId: userId,
    kind: 'signup',
    credits: REFERRAL_REWARD_CREDITS,
    days: REFERRAL_REWARD_DAYS,
    createdAt: now,
  });
  if (!rewarded) return;
  await repo.extendTrial(db, userId, REFERRAL_REWARD_DAYS, now);
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
 * The referred user's first successful payment (the payment webhook's transaction): remembered
 * on the user, then the referrer's reward if it is due.
 */
export async function rewardReferrerOnFirstPayment(db: DbOrTx, referredUserId: string, now: Date): Promise<void> {
  // The update locks the user's row: a verification at the same moment waits for it, or it
  // waits for the verification, so whichever of the two comes last sees both and pays.
  const user = await repo.markFirstPayment(db, referredUserId, now);
  if (!user?.referredBy || !user.emailVerifiedAt) return;
  await payReferrer(db, referredUserId, user.referredBy, now);
}

/**
 * 5,000 credits to whoever referred `referredUserId`, once they have both paid for the first time
 * and verified their address: whichever comes last calls this. Exactly once: one reward row per
 * referred user and kind, and the grant's key is the referred user's.
 */
export async function payReferrer(db: DbOrTx, referredUserId: string, referrerId: string, now: Date): Promise<void> {
  if (!(await repo.userExists(db, referrerId))) return;
  const rewarded = await repo.insertReward(db, {
    referredUserId,
    beneficiaryUserId: referrerId,
    kind: 'first_payment',
    credits: REFERRAL_REWARD_CREDITS,
    days: 0,
    createdAt: now,
  });
  if (!rewarded) return;
  await grant(
    db,
    referrerId,
    REFERRAL_REWARD_CREDITS,
    'referral_reward',
    `referral-first-payment:${referredUserId}`,
    `referred:${referredUserId}`,
    now,
  );
  await notify(
    db,
    {
      userId: referrerId,
      type: 'referral_reward',
      data: { credits: REFERRAL_REWARD_CREDITS },
      key: `referral-first-payment:${referredUserId}`,
    },
    now,
  );
}

/**
 * GET /api/referrals. Eligibility (SPEC.md §6): an active, non-trial subscription on a plan with
 * a monthly price above 0 — and, as PRODUCT.md maps plans to features, a plan with the
 * referral_program flag (referralIneligibility). Only an eligible member's code is accepted at
 * sign-up. The rewards and their total are what the member earned for people they referred
 * (their own sign-up bonus is in the credit history, not here); an ineligible member is told
 * their plan and the plans that have the programme.
 */
export async function referralOverview(deps: Deps, actor: Actor): Promise<ReferralOverviewDto> {
  const { userId } = requireAccess(actor, 'referrals.self');
  const user = await repo.findReferralCode(deps.db, userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  const { reason, plan } = await referralEligibility(deps, { id: userId, role: actor.role });
  const [referred, rewards, plans] = await Promise.all([
    repo.referredUsers(deps.db, userId),
    repo.firstPaymentRewards(deps.db, userId),
    listPublicPlans(deps.db),
  ]);
  const paid = new Set(rewards.map((r) => r.referredUserId));
  return {
    eligible: reason === null,
    reason,
    code: user.referralCode,
    link: `${deps.config.APP_URL.replace(/\/$/, '')}${paths.signup({ ref: user.referralCode })}`,
    referred: referred.map((r) => ({
      firstName: r.firstName,
      joinedAt: r.createdAt.toISOString(),
      rewarded: paid.has(r.id),
    })),
    rewards: rewards.map((r) => ({
      credits: r.credits,
      createdAt: r.createdAt.toISOString(),
      kind: r.kind as 'first_payment',
    })),
    totalCredits: rewards.reduce((n, r) => n + r.credits, 0),
    plan: plan ? { slug: plan.slug, name: plan.name } : null,
    plansWithProgram: plans
      .filter((p) => p.monthlyPriceCents > 0 && normalizeFeatures(p.features).referral_program)
      .map((p) => ({ slug: p.slug, name: p.name })),
  };
}

/** Referrals' reaction to a member's subscription payment (subscribed at app build). */
export function subscribeReferrals(domain: DomainEvents): void {
  domain.on('subscription.paid', (ctx, e) => rewardReferrerOnFirstPayment(ctx.db, e.userId, e.now));
}
