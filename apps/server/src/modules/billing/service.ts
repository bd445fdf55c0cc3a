import type { z } from 'zod';
import {
  BLOCKING_STATUSES,
  DAY_MS,
  FREE_PLAN_NAME,
  SUBSCRIPTION_CREATE_ATTEMPTS,
  TRIAL_DAYS,
  type PlanFeatures,
} from '@candeia/shared/constants';
import { normalizeFeatures } from '@candeia/shared/plans';
import type { Page } from '@candeia/shared/schemas/admin';
import {
  TRIAL_CREDITS,
  type AdminSubscriptionRow,
  type adminSubscriptionsQuerySchema,
  type planInputSchema,
  type AdminPlanDto,
} from '@candeia/shared/schemas/billing';
import type { PlanDto, SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess, requireAdmin } from '../../lib/access.ts';
import type { Actor, Deps } from '../../types.ts';
import { balance, grant, resetBalance } from '../credits/index.ts';
import { notify } from '../notifications/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import * as repo from './repository.ts';
import {
  findFreePlan,
  findPlan,
  findSubscription,
  listPublicPlans,
  type NewSubscription,
  type PlanRow,
} from './repository.ts';
import { PG, pgCode } from '../../lib/pg-errors.ts';

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
/** A trialing member is told this many days before the trial ends. */
const TRIAL_ENDING_NOTICE_DAYS = 3;
const TRIAL_FEATURES: PlanFeatures = { bible: true, chat: true, community: true, live: false, referral_program: false };
const ALL_FEATURES: PlanFeatures = { bible: true, chat: true, community: true, live: true, referral_program: true };

/**
 * Creates the 30-day trial at sign-up, on the free plan, with TRIAL_CREDITS so the chat can be
 * tried (once per user: the ledger key is the user's).
 */
export async function startTrial(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const plan = await findFreePlan(db, FREE_PLAN_NAME);
  const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  await repo.insertSubscription(db, {
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
  await grant(db, userId, TRIAL_CREDITS, 'trial', `trial:${userId}`, null, now);
}

/** The row values of "on the free plan": active, no trial, no paid period, no provider subscription. */
function freePlanValues(plan: PlanRow, now: Date) {
  return {
    planId: plan.id,
    status: 'active',
    isTrial: false,
    trialEndDate: null,
    expiresAt: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    downgradeToFree: false,
    providerSubscriptionId: null,
    updatedAt: now,
  };
}

/**
 * The automatic free plan (SPEC.md §4): a user with no subscription gets one on the free
 * plan, up to 3 attempts; an existing row is moved to the free plan with credits reset (the
 * balance becomes the free plan's credits, as one ledger row).
 */
export async function ensureFreePlan(db: DbOrTx, userId: string, now: Date): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= SUBSCRIPTION_CREATE_ATTEMPTS; attempt++) {
    try {
      const plan = await findFreePlan(db, FREE_PLAN_NAME);
      if (!plan) return;
      const values = freePlanValues(plan, now);
      await db.transaction(async (tx) => {
        await repo.upsertSubscription(tx, userId, now, values);
        await resetBalance(tx, userId, plan.credits, `free-plan:${userId}:${now.getTime()}`, 'free_plan', now);
      });
      return;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/**
 * Moves the user to the free plan and keeps the credit balance (decision 018): what a trial that
 * ended unpaid and a paid period that ended after a cancellation fall back to. The credits stay
 * for when a plan with the chat is taken again; nothing is taken without being said.
 */
export async function fallBackToFreePlan(
  db: DbOrTx,
  userId: string,
  now: Date,
  extra: Partial<NewSubscription> = {},
): Promise<boolean> {
  const plan = await findFreePlan(db, FREE_PLAN_NAME);
  if (!plan) return false;
  const values = { ...freePlanValues(plan, now), ...extra };
  await repo.upsertSubscription(db, userId, now, values);
  return true;
}

/**
 * A trial that ended unpaid falls back to the free plan (Bible only), once: the update only
 * matches a row still on trial. Sets the notice shown once on /subscription. The credits left
 * stay in the balance (decision 018), and the notice says so.
 */
export async function expireTrial(db: DbOrTx, userId: string, now: Date): Promise<boolean> {
  const plan = await findFreePlan(db, FREE_PLAN_NAME);
  if (!plan) return false;
  return repo.updateEndedTrial(db, userId, now, { ...freePlanValues(plan, now), trialEndedNotice: true });
}

/**
 * A paid subscription set to cancel (by the member, or by choosing the free plan) whose period is
 * over: the member is on the free plan, as the cancel dialog promises, credits kept. A row the
 * provider's "deleted" event marked 'canceled' first is moved too. The provider's own event
 * later changes nothing (the row no longer points at its subscription).
 */
export async function endCanceledPeriod(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.lockSubscription(tx, userId);
    if (!row || !row.cancelAtPeriodEnd || !row.currentPeriodEnd || row.currentPeriodEnd > now) return;
    await fallBackToFreePlan(tx, userId, now);
  });
}

function daysLeft(end: Date, now: Date): number {
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

/** The access state of SPEC.md §4, computed on the server. creditsRemaining is the credit balance. */
/** A trial that has reached its end (it moves to the free plan on the next read). */
export const trialEnded = (s: { isTrial: boolean; trialEndDate: Date | null }, now: Date) =>
  s.isTrial && !!s.trialEndDate && s.trialEndDate <= now;

/** A plan canceled at its period end, and that end has come (the free plan, on the next read). */
export const canceledPeriodOver = (s: { cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null }, now: Date) =>
  s.cancelAtPeriodEnd && !!s.currentPeriodEnd && s.currentPeriodEnd <= now;

/** A subscription status that lets its member in (SPEC.md §4). */
export const statusAllows = (status: string | null) => status !== null && !BLOCKING_STATUSES.includes(status);

/** The flags a member has: the trial's, or their plan's. */
export const featuresOf = (isTrial: boolean, planFeatures: unknown): PlanFeatures =>
  isTrial ? TRIAL_FEATURES : normalizeFeatures(planFeatures);

export async function subscriptionState(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { id: string; role: string | null },
): Promise<SubscriptionStateDto> {
  const now = deps.clock.now();
  const isAdmin = user.role === 'admin';
  let sub = await findSubscription(deps.db, user.id);
  // A trial that ended unpaid falls back to the free plan.
  if (sub && trialEnded(sub, now)) {
    await expireTrial(deps.db, user.id, now);
    sub = await findSubscription(deps.db, user.id);
  }
  // Canceled at period end, and the period is over: the free plan.
  if (sub && canceledPeriodOver(sub, now)) {
    await endCanceledPeriod(deps.db, user.id, now);
    sub = await findSubscription(deps.db, user.id);
  }
  if (!sub && !isAdmin) {
    await ensureFreePlan(deps.db, user.id, now);
    sub = await findSubscription(deps.db, user.id);
  }
  const plan = sub?.planId ? await findPlan(deps.db, sub.planId) : undefined;
  const status = sub?.status ?? null;
  const blocked = !statusAllows(status);
  const features = isAdmin ? ALL_FEATURES : featuresOf(sub?.isTrial ?? false, plan?.features);
  return {
    status: isAdmin ? 'active' : status,
    isTrial: isAdmin ? false : (sub?.isTrial ?? false),
    expiresAt: sub?.expiresAt?.toISOString() ?? null,
    trialEndDate: sub?.trialEndDate?.toISOString() ?? null,
    planId: plan?.id ?? null,
    planName: plan?.name ?? null,
    planSlug: plan?.slug ?? null,
    creditsRemaining: await balance(deps.db, user.id),
    totalCredits: plan?.credits ?? 0,
    features,
    allowed: isAdmin || !blocked,
    isAdmin,
    trialDaysLeft: !isAdmin && sub?.isTrial && sub.trialEndDate ? daysLeft(sub.trialEndDate, now) : null,
  };
}

export function subscriptionStatus(db: DbOrTx, userId: string): Promise<string | null> {
  return repo.findSubscriptionStatus(db, userId);
}

/** POST /api/billing/trial-notice/seen: the trial-ended notice was shown. */
export async function markTrialNoticeSeen(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor) {
  await repo.clearTrialNotice(deps.db, requireAccess(actor, 'subscription.self').userId);
  return { ok: true as const };
}

// ---------- Admin: plans and subscriptions ----------

/** What the admin sees of a plan: the public fields plus the payment provider's price id. */
function toAdminPlanDto(p: PlanRow): AdminPlanDto {
  return { ...toPlanDto(p), stripePriceId: p.stripePriceId };
}

export async function adminPlans(deps: Pick<Deps, 'db'>, actor: Actor): Promise<AdminPlanDto[]> {
  requireAdmin(actor);
  return (await repo.listAllPlans(deps.db)).map(toAdminPlanDto);
}

function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === PG.uniqueViolation;
}

function planValues(input: z.output<typeof planInputSchema>) {
  return {
    slug: input.slug ?? null,
    name: input.name,
    description: input.description ?? null,
    credits: input.credits,
    monthlyPriceCents: input.monthlyPriceCents,
    // Kept as given (labels or flags, SPEC.md §3); normalised whenever it is read.
    features: input.features,
    // Left out: unchanged on an update (null clears it).
    ...(input.stripePriceId === undefined ? {} : { stripePriceId: input.stripePriceId?.trim() || null }),
    isActive: input.isActive,
    isPublic: input.isPublic,
  };
}

export async function createPlan(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof planInputSchema>,
): Promise<AdminPlanDto> {
  requireAdmin(actor);
  let row: PlanRow;
  try {
    row = await repo.insertPlan(deps.db, { ...planValues(input), createdAt: deps.clock.now() });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('VALIDATION_INVALID_FORMAT', { slug: 'errors:VALIDATION_INVALID_FORMAT' });
    throw err;
  }
  await logSecurityEvent(deps, actor, {
    type: 'admin_plan_saved',
    success: true,
    userId: actor.userId,
    email: actor.email,
    details: `created ${row.id} ${row.name}`,
  });
  return toAdminPlanDto(row);
}

export async function updatePlan(
  deps: Deps,
  actor: Actor,
  id: string,
  input: z.output<typeof planInputSchema>,
): Promise<AdminPlanDto> {
  requireAdmin(actor);
  let row: PlanRow | undefined;
  try {
    row = await repo.updatePlan(deps.db, id, planValues(input));
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('VALIDATION_INVALID_FORMAT', { slug: 'errors:VALIDATION_INVALID_FORMAT' });
    throw err;
  }
  if (!row) throw new AppError('PLAN_NOT_FOUND');
  await logSecurityEvent(deps, actor, {
    type: 'admin_plan_saved',
    success: true,
    userId: actor.userId,
    email: actor.email,
    details: `updated ${row.id} ${row.name}`,
  });
  return toAdminPlanDto(row);
}

export async function adminSubscriptions(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  q: z.output<typeof adminSubscriptionsQuerySchema>,
): Promise<Page<AdminSubscriptionRow>> {
  requireAdmin(actor);
  const { rows, total } = await repo.adminSubscriptionsPage(deps.db, q);
  return {
    items: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      firstName: r.firstName,
      planName: r.planName,
      status: r.status,
      isTrial: r.isTrial,
      creditsRemaining: r.balance ?? 0,
      currentPeriodEnd: r.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: r.cancelAtPeriodEnd,
      updatedAt: r.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The periodic job's share: ended trials and ended cancellations to the free plan (credits kept). */
export async function subscriptionHousekeeping(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  const soon = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000);
  for (const { userId, endsAt } of await repo.trialsEndingSoon(deps.db, now, soon))
    await deps.db.transaction(async (tx) => {
      if (!endsAt || !(await repo.claimTrialEnding(tx, userId, endsAt))) return;
      const key = `trial-ending:${endsAt.getTime()}`;
      await notify(tx, { userId, type: 'trial_ending', data: { endsAt: endsAt.toISOString() }, key }, now);
    });
  for (const { userId } of await repo.endedTrials(deps.db, now)) await expireTrial(deps.db, userId, now);
  for (const { userId } of await repo.endedCancellations(deps.db, now)) await endCanceledPeriod(deps.db, userId, now);
}
