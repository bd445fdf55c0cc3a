import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

/** Whether a failure says the plan does not include consultations (the `live` flag), or asks for a subscription. */
export function isPlanError(error: unknown): boolean {
  return error instanceof ApiError && ['FEATURE_NOT_IN_PLAN', 'SUBSCRIPTION_REQUIRED'].includes(error.code);
}

/**
 * A failed load: the plan does not include consultations (and where to get them), or the API's
 * message with a retry.
 */
export function LoadError({
  error,
  onRetry,
  className = '',
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation('consultation');
  const { apiMessage } = useMessages();
  if (isPlanError(error))
    return (
      <Alert variant="warning" className={className} title={t('access.title')}>
        {t('access.text')}
        <div className="mt-3">
          <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'sm' })}>
            {t('access.plans')}
          </Link>
        </div>
      </Alert>
    );
  return (
    <Alert variant="error" className={className} title={t('errors.load')}>
      {apiMessage(error)}
      <div className="mt-3">
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      </div>
    </Alert>
  );
}
