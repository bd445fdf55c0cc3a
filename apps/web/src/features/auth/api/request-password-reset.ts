import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetRequestSchema } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

/** POST /api/auth/password-reset/request: always answers the same, known e-mail or not. */
export function requestPasswordReset(input: z.output<typeof resetRequestSchema>): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/password-reset/request', { method: 'POST', body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
