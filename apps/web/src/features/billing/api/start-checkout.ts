import { useMutation } from '@tanstack/react-query';
import type { CheckoutDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';

/** POST /api/billing/checkout: a checkout session for a plan; the answer says where to pay. */
export function startCheckout(planId: string): Promise<CheckoutDto> {
  return api<CheckoutDto>('/billing/checkout', { method: 'POST', body: { planId } });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}
