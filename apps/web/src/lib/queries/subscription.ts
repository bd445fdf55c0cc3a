import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import { api } from '../api.ts';
import { subscriptionKey } from './balance.ts';

/**
 * GET /api/subscription: the access state (status, plan, features, credit balance). Read by the
 * gate, the billing screens and the chat (whether the plan includes it, the balance).
 */
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
