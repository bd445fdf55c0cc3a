import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

/** Title and text for a failed favourite or note: offline gets its own clear message. */
export function useActionError() {
  const { t } = useTranslation('scripture');
  const { apiMessage } = useMessages();
  return useCallback(
    (err: unknown): { title: string; description: string; offline: boolean } => {
      const offline = (err instanceof ApiError && err.code === 'NETWORK_ERROR') || !navigator.onLine;
      return offline
        ? { title: t('offline.actionTitle'), description: t('offline.actionText'), offline }
        : { title: t('errors.actionFailed'), description: apiMessage(err), offline };
    },
    [t, apiMessage],
  );
}
