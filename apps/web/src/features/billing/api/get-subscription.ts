import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import { api } from '../../../lib/api.ts';
import { subscriptionKey } from '../../../lib/queries/balance.ts';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: subscriptionKey,
    queryFn: () => api<SubscriptionStateDto>('/subscription'),
    staleTime: 60_000,
    retry: false,
  });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQuery(), enabled });
}
