import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

export type ChangePasswordData = z.output<typeof changePasswordSchema>;

/** POST /api/auth/password: needs the current password; other sessions end. */
export function changePassword(input: ChangePasswordData): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
