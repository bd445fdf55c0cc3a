import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralOverviewDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

export const referralsKey = ['referrals'] as const;

/** GET /api/referrals: the code, the sign-up link, the people referred and the rewards. */
export function getReferrals(): Promise<ReferralOverviewDto> {
  return api<ReferralOverviewDto>('/referrals');
}

export const referralsQuery = () =>
  queryOptions({ queryKey: referralsKey, queryFn: getReferrals, staleTime: 60_000, retry: false });

export function useReferrals() {
  return useQuery(referralsQuery());
}
