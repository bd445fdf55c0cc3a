import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

/** Why the community cannot be read: the plan does not include it (and how to get it), or a failure. */
export function AccessError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('community');
  const { apiMessage } = useMessages();
  const plan = error instanceof ApiError && ['FEATURE_NOT_IN_PLAN', 'SUBSCRIPTION_REQUIRED'].includes(error.code);
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-stone-900">
      <p className="font-semibold">{plan ? t('access.title') : t('errors.load')}</p>
      <p className="mt-1 text-sm">{plan ? t('access.text') : apiMessage(error)}</p>
      <div className="mt-3">
        {plan ? (
          <Link to={paths.subscription()} className={buttonClasses({ size: 'sm' })}>
            {t('access.plans')}
          </Link>
        ) : (
          <button type="button" onClick={onRetry} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
            {t('common.retry')}
          </button>
        )}
      </div>
    </div>
  );
}
