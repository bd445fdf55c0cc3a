import { eq } from 'drizzle-orm';
import {
  BLOCKING_STATUSES,
  DAY_MS,
  FREE_PLAN_NAME,
  SUBSCRIPTION_CREATE_ATTEMPTS,
  TRIAL_DAYS,
  type PlanFeatures,
} from '@candeia/shared/constants';
import { normalizeFeatures } from '@candeia/shared/plans';
import type { PlanDto, SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import type { DbOrTx } from '../../db/client.ts';
import { userSubscriptions } from '../../db/schema/index.ts';
import type { Deps } from '../../types.ts';
import { findFreePlan, findPlan, findSubscription, listPublicPlans, type PlanRow } from './repository.ts';

export function toPlanDto(p: PlanRow): PlanDto {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    credits: p.credits,
    monthlyPriceCents: p.monthlyPriceCents,
    currency: p.currency,
    features: normalizeFeatures(p.features),
    isActive: p.isActive,
    isPublic: p.isPublic,
  };
}

export async function publicPlans(deps: Pick<Deps, 'db'>): Promise<PlanDto[]> {
  return (await listPublicPlans(deps.db)).map(toPlanDto);
}

/** Trial users get every flag but live and referral_program (PRODUCT.md). */
const TRIAL_FEATURES: PlanFeatures = { bible: true, chat: true, community: true, live: false, referral_program: false };
const ALL_FEATURES: PlanFeatures = { bible: true, chat: true, community: true, live: true, referral_program: true };

/** Creates the 30-day trial at sign-up, on the free plan. */
export async function startTrial(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const plan = await findFreePlan(db, FREE_PLAN_NAME);
  const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await db.insert(userSubscriptions).values({
    userId,
    planId: plan?.id ?? null,
    creditsRemaining: 0,
    status: 'trialing',
    isTrial: true,
    trialEndDate: end,
    expiresAt: end,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The automatic free plan (SPEC.md §4): a user with no subscription gets one on the free
 * plan, up to 3 attempts; an existing row is moved to the free plan with credits reset.
 */
export async function ensureFreePlan(db: DbOrTx, userId: string, now: Date): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= SUBSCRIPTION_CREATE_ATTEMPTS; attempt++) {
    try {
      const plan = await findFreePlan(db, FREE_PLAN_NAME);
      if (!plan) return;
      const values = {
        planId: plan.id,
        creditsRemaining: plan.credits,
        status: 'active',
        isTrial: false,
        trialEndDate: null,
        expiresAt: null,
        updatedAt: now,
      };
      await db
        .insert(userSubscriptions)
        .values({ userId, createdAt: now, ...values })
        .onConflictDoUpdate({ target: userSubscriptions.userId, set: values });
      return;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** The access state of SPEC.md §4, computed on the server. */
export async function subscriptionState(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string; role: string | null },
): Promise<SubscriptionStateDto> {
  const now = deps.clock.now();
  const isAdmin = user.role === 'admin';
  let sub = await findSubscription(deps.db, user.id);
  // A trial that ended unpaid falls back to the free plan.
  if (sub?.isTrial && sub.trialEndDate && sub.trialEndDate <= now) {
    await ensureFreePlan(deps.db, user.id, now);
    sub = await findSubscription(deps.db, user.id);
  }
  if (!sub && !isAdmin) {
    await ensureFreePlan(deps.db, user.id, now);
    sub = await findSubscription(deps.db, user.id);
  }
  const plan = sub?.planId ? await findPlan(deps.db, sub.planId) : undefined;
  const status = sub?.status ?? null;
  const blocked = status === null || BLOCKING_STATUSES.includes(status);
  const features = isAdmin ? ALL_FEATURES : sub?.isTrial ? TRIAL_FEATURES : normalizeFeatures(plan?.features);
  return {
    status: isAdmin ? 'active' : status,
    isTrial: isAdmin ? false : (sub?.isTrial ?? false),
    expiresAt: sub?.expiresAt?.toISOString() ?? null,
    trialEndDate: sub?.trialEndDate?.toISOString() ?? null,
    planId: plan?.id ?? null,
    planName: plan?.name ?? null,
    planSlug: plan?.slug ?? null,
    creditsRemaining: sub?.creditsRemaining ?? 0,
    totalCredits: plan?.credits ?? 0,
    features,
    allowed: isAdmin || !blocked,
    isAdmin,
    trialDaysLeft: !isAdmin && sub?.isTrial && sub.trialEndDate ? daysLeft(sub.trialEndDate, now) : null,
  };
}

export async function subscriptionStatus(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ status: userSubscriptions.status })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId));
  return row?.status ?? null;
}
