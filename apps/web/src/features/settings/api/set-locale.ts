import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@candeia/shared/constants';
import { api } from '../../../lib/api.ts';
import { changeLocale } from '../../../lib/i18n.ts';
import { sessionKey, type Session } from '../../../lib/queries/session.ts';

/** PUT /api/profile/locale: the language of the screens and of the mails, kept with the account. */
export function setLocale(locale: Locale): Promise<{ ok: true }> {
  return api<{ ok: true }>('/profile/locale', { method: 'PUT', body: { locale } });
}

/** Saves the language on the account, then switches the app to it (and remembers it on this device). */
export function useSetLocale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setLocale,
    onSuccess: async (_ok, locale) => {
      await changeLocale(locale);
      qc.setQueryData<Session | null>(sessionKey, (s) =>
        s && !('offline' in s) ? { ...s, user: { ...s.user, locale } } : s,
      );
      void qc.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}
