import type { PlanFeature } from '@candeia/shared/constants';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../types.ts';
import { findAccessRow } from './repository.ts';
import { canceledPeriodOver, featuresOf, statusAllows, subscriptionState, trialEnded } from './service.ts';

/**
 * The server side of the access gate (SPEC.md §4, §6) for feature routes: the subscription must
 * allow access and the plan must carry the feature's flag. Admins pass without a query.
 *
 * One query in the common case (the subscription with its plan's features). A member with no
 * subscription yet, a trial that has ended or a canceled period that is over goes through
 * `subscriptionState`, which writes the change (free plan) first, so both paths decide alike.
 */
export async function requireFeature(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { userId: string; role: string | null },
  feature: PlanFeature,
): Promise<void> {
  if (user.role === 'admin') return;
  const now = deps.clock.now();
  const row = await findAccessRow(deps.db, user.userId);
  const settled = row && !trialEnded(row, now) && !canceledPeriodOver(row, now);
  let allowed: boolean;
  let has: boolean;
  if (settled) {
    allowed = statusAllows(row.status);
    has = featuresOf(row.isTrial, row.features)[feature];
  } else {
    const state = await subscriptionState(deps, { id: user.userId, role: user.role });
    allowed = state.allowed;
    has = state.features[feature];
  }
  if (!allowed) throw new AppError('SUBSCRIPTION_REQUIRED');
  if (!has) throw new AppError('FEATURE_NOT_IN_PLAN');
}
