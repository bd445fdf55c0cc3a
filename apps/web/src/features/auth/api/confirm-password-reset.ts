import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetConfirmSchema } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

/** POST /api/auth/password-reset/confirm: sets the new password; every session of the user ends. */
export function confirmPasswordReset(input: z.output<typeof resetConfirmSchema>): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/password-reset/confirm', { method: 'POST', body: input });
}

export function useConfirmPasswordReset() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => qc.invalidateQueries({ queryKey: sessionKey }),
  });
}
