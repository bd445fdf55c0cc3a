import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SignUpData } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { sessionKey } from '../../../lib/queries/session.ts';

/** POST /api/auth/signup: creates the account (with its trial) and signs in. */
export function signUp(input: SignUpData): Promise<{ user: PublicUser }> {
  return api<{ user: PublicUser }>('/auth/signup', { method: 'POST', body: { ...input, locale: currentLocale() } });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: sessionKey }),
        qc.invalidateQueries({ queryKey: ['subscription'] }),
      ]);
    },
  });
}
