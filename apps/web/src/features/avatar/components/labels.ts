import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';

const DAY_MS = 86_400_000;

/** Dates, durations and day counts in the reader's locale. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return {
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      number: (n: number) => number.format(n),
      /** Whole days until `iso`, at least 1 while it is in the future. */
      daysUntil: (iso: string, now = Date.now()) => Math.max(1, Math.ceil((new Date(iso).getTime() - now) / DAY_MS)),
      /** "1 h 05 min", "12 min", "45 s". */
      duration: (seconds: number) => {
        const h = Math.floor(seconds / 3600);
        const m = Math.floor((seconds % 3600) / 60);
        const s = Math.round(seconds % 60);
        if (h) return `${h} h ${String(m).padStart(2, '0')} min`;
        if (m) return `${m} min`;
        return `${s} s`;
      },
      /** "19:42" of a number of seconds left. */
      clock: (seconds: number) => {
        const s = Math.max(0, Math.ceil(seconds));
        return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
      },
    };
  }, [locale]);
}

/**
 * The message of an avatar failure: the server's translated one when it said why (credits used
 * up, a premium counsellor, an ended session…), the spec's "not authenticated" for a missing
 * session, else the screen's own (e.g. 'Erro ao iniciar sessão com avatar').
 */
export function useAvatarMessage() {
  const { t } = useTranslation(['avatar', 'errors']);
  return useCallback(
    (err: unknown, fallbackKey: string): string => {
      if (err instanceof ApiError) {
        if (err.status === 401) return t('avatar:errors.unauthenticated');
        if (err.status > 0 && err.status < 500 && err.message) return err.message;
      }
      return t(`avatar:${fallbackKey}`);
    },
    [t],
  );
}
