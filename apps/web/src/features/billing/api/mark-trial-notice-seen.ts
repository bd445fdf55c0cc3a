import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/billing/trial-notice/seen: the trial-ended notice was shown, so it is shown once. */
export function markTrialNoticeSeen(): Promise<{ ok: true }> {
  return api<{ ok: true }>('/billing/trial-notice/seen', { method: 'POST' });
}

export function useMarkTrialNoticeSeen() {
  return useMutation({ mutationFn: markTrialNoticeSeen });
}
