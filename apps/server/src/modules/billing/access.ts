import type { PlanFeature, PlanFeatures } from '@candeia/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../types.ts';
import { findAccessRow } from './repository.ts';
import { canceledPeriodOver, featuresOf, statusAllows, subscriptionState, trialEnded } from './service.ts';

/** The subscription with its plan's features, and the flags read from them (once per copy). */
type AccessRow = NonNullable<Awaited<ReturnType<typeof findAccessRow>>> & { flags: PlanFeatures };

/** How long a member's plan access is copied in this process at most (decision 034). */
const ACCESS_COPY_TTL_MS = 60_000;

/** This process's copies of members' subscriptions with their plan's features, by member. */
const accessCopies = (deps: Pick<Deps, 'caches'>) =>
  deps.caches.cache<AccessRow>('access', 'billing.access', { ttlMs: ACCESS_COPY_TTL_MS, maxEntries: 50_000 });

/**
 * The server side of the access gate (SPEC.md §4, §6) for feature routes: the subscription must
 * allow access and the plan must carry the feature's flag. Admins pass without a query.
 *
 * One query in the common case (the subscription with its plan's features), none while this
 * process holds a copy of it (lib/read-cache.ts; decision 034). A member with no
 * subscription yet, a trial that has ended or a canceled period that is over goes through
 * `subscriptionState`, which writes the change (free plan) first, so both paths decide alike.
 */
export async function requireFeature(
  deps: Pick<Deps, 'db' | 'clock' | 'caches'>,
  user: { userId: string; role: string | null },
  feature: PlanFeature,
): Promise<void> {
  if (user.role === 'admin') return;
  const now = deps.clock.now();
  const copies = accessCopies(deps);
  const usable = deps.caches.usable();
  const generation = copies.generation;
  const copy = usable ? copies.get(user.userId) : undefined;
  const found = copy ? null : await findAccessRow(deps.db, user.userId);
  const row = copy ?? (found ? { ...found, flags: featuresOf(found.isTrial, found.features) } : undefined);
  // The dates are checked at every call, on the copy too: a trial ends on time.
  const settled = row && !trialEnded(row, now) && !canceledPeriodOver(row, now);
  if (settled && !copy && usable) copies.set(user.userId, row, generation, user.userId);
  // A copy of a trial or period that has just ended: the slow path below writes what follows.
  if (!settled && copy) copies.forget(user.userId);
  let allowed: boolean;
  let has: boolean;
  if (settled) {
    allowed = statusAllows(row.status);
    has = row.flags[feature];
  } else {
    const state = await subscriptionState(deps, { id: user.userId, role: user.role });
    allowed = state.allowed;
    has = state.features[feature];
  }
  if (!allowed) throw new AppError('SUBSCRIPTION_REQUIRED');
  if (!has) throw new AppError('FEATURE_NOT_IN_PLAN');
}
