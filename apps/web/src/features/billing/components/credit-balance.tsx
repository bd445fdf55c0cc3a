import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { useSubscription } from '../api/get-subscription.ts';
import { formatNumber } from '../lib/format.ts';

/**
 * The signed-in person's credit balance in the header, from the subscription query the
 * shell already keeps (no extra request). Loaded lazily, after sign-in.
 */
export function CreditBalance() {
  const { t, i18n, ready } = useTranslation('billing', { useSuspense: false });
  const sub = useSubscription();
  // Administrators have no plan of their own: no balance to show.
  if (!ready || !sub.data || sub.data.isAdmin) return null;
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const formatted = formatNumber(sub.data.creditsRemaining, locale);
  return (
    <Link
      to={paths.subscription()}
      aria-label={t('header.creditsLabel', { formatted, count: sub.data.creditsRemaining })}
      title={t('header.creditsLabel', { formatted, count: sub.data.creditsRemaining })}
      className="inline-flex min-h-9 items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-900 ring-1 ring-inset ring-brand-200 hover:bg-brand-100"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-brand-700" fill="currentColor">
        <path d="M10 1.5l2.1 5.3 5.4.4-4.1 3.6 1.3 5.4L10 13.3l-4.7 2.9 1.3-5.4L2.5 7.2l5.4-.4z" />
      </svg>
      <span className="tabular-nums">{formatted}</span>
      {/* The word only where the header has room for it; the name always says it. */}
      <span className="hidden 2xl:inline">{t('header.credits', { count: sub.data.creditsRemaining })}</span>
    </Link>
  );
}
