import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

/** A failed load: not found, offline (nothing saved on this device), or the API's message; with a retry. */
export function LoadError({
  error,
  onRetry,
  className = '',
}: {
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('scripture');
  const { apiMessage } = useMessages();
  const offline = error instanceof ApiError && error.code === 'NETWORK_ERROR';
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert
      variant="error"
      className={className}
      title={offline ? t('offline.notSaved') : notFound ? t('errors.notFound') : t('errors.loadFailed')}
    >
      {offline ? t('offline.notSavedText') : notFound ? t('errors.notFoundText') : apiMessage(error)}
      {onRetry && !notFound ? (
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : null}
    </Alert>
  );
}
