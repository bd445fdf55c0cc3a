import type { QueryClient } from '@tanstack/react-query';
import { creditsKey, subscriptionKey } from '../../../lib/queries/balance.ts';
import { referralsKey } from './get-referrals.ts';
import { billingDetailsKey } from './get-billing-details.ts';

/** After anything that changes a subscription or a balance: everything that shows them refetches. */
export function invalidateBilling(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: subscriptionKey }),
    qc.invalidateQueries({ queryKey: billingDetailsKey }),
    qc.invalidateQueries({ queryKey: creditsKey }),
    qc.invalidateQueries({ queryKey: referralsKey }),
  ]);
}
