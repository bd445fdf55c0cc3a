import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@candeia/shared/schemas/auth';
import type { z } from 'zod';
import type { loginSchema } from '@candeia/shared/schemas/auth';
import { matchLocale } from '@candeia/shared/constants';
import { api } from '../../../lib/api.ts';
import { changeLocale, currentLocale } from '../../../lib/i18n.ts';
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
    onSuccess: async ({ user }) => {
      // The language kept on the account (chosen in /profile, or at sign-up) follows it to this browser.
      const locale = matchLocale(user.locale);
      if (locale && locale !== currentLocale()) await changeLocale(locale);
      await Promise.all([
        qc.invalidateQueries({ queryKey: sessionKey }),
        qc.invalidateQueries({ queryKey: ['subscription'] }),
      ]);
    },
  });
}
