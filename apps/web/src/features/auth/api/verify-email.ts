import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { invalidateBalance } from '../../../lib/queries/balance.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

/** POST /api/auth/verify-email: spends the mailed token; the address is verified. */
export function verifyEmail(input: VerifyEmailInput): Promise<{ ok: true; email: string }> {
  return api<{ ok: true; email: string }>('/auth/verify-email', { method: 'POST', body: input });
}

export function useVerifyEmail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The signed-in user (if it is them) is now verified, maybe an administrator, maybe with a reward.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: sessionKey }),
        qc.invalidateQueries({ queryKey: ['profile'] }),
        invalidateBalance(qc),
      ]),
  });
}
