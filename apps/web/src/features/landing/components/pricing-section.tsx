import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GUARANTEE_DAYS, PLAN_FEATURES, TRIAL_DAYS } from '@candeia/shared/constants';
import type { PlanDto } from '@candeia/shared/schemas/subscription';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CurrencyNote } from '../../../components/ui/currency-note.tsx';
import { usePlans } from '../../../lib/queries/plans.ts';
import { Icon } from './landing-icons.tsx';

const KNOWN_SLUGS = new Set(['free', 'platinum', 'silver', 'gold', 'diamond']);

function planName(t: TFunction, plan: PlanDto): string {
  return plan.slug && KNOWN_SLUGS.has(plan.slug) ? t(`pricing.plans.${plan.slug}`) : plan.name;
}

/** Pricing from the live catalogue: names, monthly prices, credits and feature flags. */
export function PricingSection({ locale, signedIn }: { locale: string; signedIn: boolean }) {
  const { t } = useTranslation('landing');
  const plans = usePlans();
  const count = new Intl.NumberFormat(locale);

  let body;
  if (plans.isPending) {
    body = (
      <div role="status" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">{t('common:loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-80 animate-pulse rounded-2xl bg-stone-200/70" />
        ))}
      </div>
    );
  } else if (plans.isError || !plans.data.length) {
    body = (
      <div
        role={plans.isError ? 'alert' : 'status'}
        className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center ring-1 ring-stone-200"
      >
        <p className="text-stone-700">{plans.isError ? t('pricing.error') : t('pricing.empty')}</p>
        {plans.isError ? (
          <button
            type="button"
            onClick={() => void plans.refetch()}
            className={buttonClasses({ variant: 'outline', className: 'mt-4' })}
          >
            {t('pricing.retry')}
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {plans.data.map((plan) => {
          const price = plan.monthlyPriceCents / 100;
          const flags = PLAN_FEATURES.filter((f) => plan.features[f]);
          return (
            <li
              key={plan.id}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm xl:p-5 ring-1 ring-stone-200 transition-shadow hover:shadow-md"
            >
              <h3 className="font-serif text-xl font-semibold text-stone-900">{planName(t, plan)}</h3>
              <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
                <span className="text-3xl font-bold tracking-tight text-stone-900 xl:text-[1.7rem]">
                  {price === 0
                    ? t('pricing.free')
                    : new Intl.NumberFormat(locale, {
                        style: 'currency',
                        currency: plan.currency,
                        currencyDisplay: 'narrowSymbol',
                      }).format(price)}
                </span>
                {price === 0 ? null : <span className="text-stone-600">{t('pricing.perMonth')}</span>}
              </p>
              {plan.credits > 0 ? (
                <p className="mt-1 text-sm font-medium text-brand-800">
                  {t('pricing.credits', { credits: count.format(plan.credits) })}
                </p>
              ) : null}
              <ul className="mt-5 flex-1 space-y-2.5 border-t border-stone-100 pt-5 text-sm text-stone-700">
                {flags.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                    {t(`pricing.flags.${f}`)}
                  </li>
                ))}
              </ul>
              <Link
                to={signedIn ? paths.subscription() : paths.signup()}
                className={buttonClasses({
                  variant: price === 0 ? 'outline' : 'primary',
                  block: true,
                  className: 'mt-6',
                })}
              >
                {signedIn ? t('pricing.ctaSignedIn') : t('pricing.cta')}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-7xl">
        <h2 id="pricing-title" className="text-center font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">
          {t('pricing.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-stone-600">
          {t('pricing.text', { days: TRIAL_DAYS })}
        </p>
        <div className="mt-12">{body}</div>
        {plans.data ? (
          <CurrencyNote
            currencies={plans.data.filter((p) => p.monthlyPriceCents > 0).map((p) => p.currency)}
            className="mt-6 text-center"
          />
        ) : null}
        <p className="mt-8 text-center font-medium text-stone-700">
          <Icon name="shield" className="-mt-1 mr-2 inline h-5 w-5 text-brand-700" />
          {t('pricing.guarantee', { days: GUARANTEE_DAYS })}
        </p>
      </div>
    </section>
  );
}
