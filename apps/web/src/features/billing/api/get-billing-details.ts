import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingDetailsDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

export const billingDetailsKey = ['billing', 'details'] as const;

/** GET /api/billing/subscription: provider, cancel-at-period-end, period end, the trial-ended notice. */
export function getBillingDetails(): Promise<BillingDetailsDto> {
  return api<BillingDetailsDto>('/billing/subscription');
}

export const billingDetailsQuery = () =>
  queryOptions({ queryKey: billingDetailsKey, queryFn: getBillingDetails, staleTime: 60_000, retry: false });

export function useBillingDetails(enabled = true) {
  return useQuery({ ...billingDetailsQuery(), enabled });
}
