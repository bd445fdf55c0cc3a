import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { invalidateBilling } from './invalidate-billing.ts';

/** POST /api/billing/cancel: cancels at the end of the paid period, with no fee. */
export function cancelSubscription(): Promise<CancelDto> {
  return api<CancelDto>('/billing/cancel', { method: 'POST' });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => invalidateBilling(qc) });
}
