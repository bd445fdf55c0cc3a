import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@candeia/shared/schemas/auth';
import type { z } from 'zod';
import type { loginSchema } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

export type LoginData = z.output<typeof loginSchema>;

/** POST /api/auth/login. */
export function login(input: LoginData): Promise<{ user: PublicUser }> {
  return api<{ user: PublicUser }>('/auth/login', { method: 'POST', body: input });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: sessionKey }),
        qc.invalidateQueries({ queryKey: ['subscription'] }),
      ]);
    },
  });
}
