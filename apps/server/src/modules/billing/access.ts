import type { PlanFeature } from '@candeia/shared/constants';
import type { SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../types.ts';
import { subscriptionState } from './service.ts';

/**
 * The server side of the access gate (SPEC.md §4, §6) for feature routes: the subscription must
 * allow access and the plan must carry the feature's flag. Admins pass. Returns the state.
 */
export async function requireFeature(
  deps: Pick<Deps, 'db' | 'clock'>,
  user: { userId: string; role: string | null },
  feature: PlanFeature,
): Promise<SubscriptionStateDto> {
  const state = await subscriptionState(deps, { id: user.userId, role: user.role });
  if (!state.allowed) throw new AppError('SUBSCRIPTION_REQUIRED');
  if (!state.features[feature]) throw new AppError('FEATURE_NOT_IN_PLAN');
  return state;
}
