import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutSessionDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

export const checkoutSessionKey = (id: string) => ['billing', 'checkout-session', id] as const;

/** GET /api/billing/checkout-sessions/:id (public: the id itself is the capability). */
export function getCheckoutSession(id: string): Promise<CheckoutSessionDto> {
  return api<CheckoutSessionDto>(`/billing/checkout-sessions/${encodeURIComponent(id)}`);
}

export const checkoutSessionQuery = (id: string) =>
  queryOptions({ queryKey: checkoutSessionKey(id), queryFn: () => getCheckoutSession(id), retry: false });

/**
 * The session; `pollMs` refetches it while the payment waits for its webhook (the success
 * page), a number or false per the latest answer.
 */
export function useCheckoutSession(
  id: string | null,
  pollMs: (session: CheckoutSessionDto | undefined) => number | false = () => false,
) {
  return useQuery({
    ...checkoutSessionQuery(id ?? ''),
    enabled: !!id,
    refetchInterval: (q) => pollMs(q.state.data),
    refetchIntervalInBackground: true,
  });
}
