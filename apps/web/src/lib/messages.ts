import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';

/**
 * Messages reach forms either as catalogue keys (from the shared zod schemas, such as
 * 'validation:email.format') or already translated (from the server). This renders both.
 */
export function useMessages() {
  const { t } = useTranslation(['validation', 'errors']);
  const message = useCallback(
    (m: string | undefined): string | undefined => {
      if (!m) return undefined;
      return /^(validation|errors):[\w.]+$/.test(m) ? t(m) : m;
    },
    [t],
  );
  const apiMessage = useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError) return err.message || t(`errors:${err.code}`);
      return t('errors:UNEXPECTED_ERROR');
    },
    [t],
  );
  return { message, apiMessage };
}
