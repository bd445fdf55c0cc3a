import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelDto } from '@candeia/shared/schemas/billing';
import { api } from '../../../lib/api.ts';
import { invalidateBilling } from './invalidate-billing.ts';

/** POST /api/billing/resume: undoes a cancellation scheduled for the period end. */
export function resumeSubscription(): Promise<CancelDto> {
  return api<CancelDto>('/billing/resume', { method: 'POST' });
}

export function useResumeSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: () => invalidateBilling(qc) });
}
