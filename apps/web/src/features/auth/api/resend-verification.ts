import { useMutation } from '@tanstack/react-query';
import type { ResendVerificationResult } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/verify-email/resend: a new link to the signed-in user's address (one a minute, 5 a day). */
export function resendVerification(): Promise<ResendVerificationResult> {
  return api<ResendVerificationResult>('/auth/verify-email/resend', { method: 'POST', body: {} });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
