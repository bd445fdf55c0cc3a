import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRIAL_WARNING_DAYS } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useSessionUser } from '../../../lib/queries/session.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { Icon } from '../../../components/ui/icon.tsx';

/** SPEC.md §4: a trial with 3 days or fewer left shows 'Seu trial expira em N dias!'. Not for admins. */
export function TrialBanner() {
  const { t, ready } = useTranslation('billing', { useSuspense: false });
  const { user } = useSessionUser();
  const eligible = !!user && user.role !== 'admin';
  const sub = useSubscription(eligible);
  const s = sub.data;
  if (
    !ready ||
    !eligible ||
    !s ||
    s.isAdmin ||
    !s.isTrial ||
    s.trialDaysLeft === null ||
    s.trialDaysLeft > TRIAL_WARNING_DAYS
  ) {
    return null;
  }
  return (
    <aside aria-label={t('trial.label')} className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:px-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 font-semibold sm:items-center">
          <Icon className="mt-0.5 h-5 w-5 shrink-0 text-amber-700 sm:mt-0">
            <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          </Icon>
          <span>{t('trial.expires', { count: s.trialDaysLeft })}</span>
        </p>
        <Link to={paths.subscription()} className={buttonClasses({ size: 'sm', className: 'self-start sm:self-auto' })}>
          {t('trial.renew')}
        </Link>
      </div>
    </aside>
  );
}
