import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REFERRAL_REWARD_CREDITS, REFERRAL_REWARD_DAYS } from '@candeia/shared/constants';
import type { ReferralOverviewDto } from '@candeia/shared/schemas/billing';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { usePlanText } from '../hooks/use-plan-text.ts';
import { usePlansWithProgram } from '../hooks/use-plans-with-program.ts';
import { formatDate, formatNumber } from '../lib/format.ts';

const REASONS = ['trial', 'paid_trial', 'inactive', 'free_plan', 'not_in_plan'];

/** Copies text; falls back to a selected field and the old copy command where the API is missing. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Referrals (SPEC.md §6, PRODUCT.md "Referral"): the code, the link, who joined and what it earned. */
export default function ReferralPage() {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const referrals = useReferrals();
  useDocumentTitle(t('referral.title'));

  let body;
  if (referrals.isPending) body = <Spinner />;
  else if (referrals.error) {
    const e = referrals.error;
    body =
      e instanceof ApiError && e.code === 'REFERRAL_NOT_ELIGIBLE' ? (
        <NotEligible data={null} />
      ) : (
        <Alert variant="error" title={t('referral.loadFailed')}>
          {e instanceof ApiError && e.message ? e.message : t('errors:UNEXPECTED_ERROR')}
          <div className="mt-3">
            <Button size="sm" variant="outline" onClick={() => void referrals.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Alert>
      );
  } else if (!referrals.data.eligible) body = <NotEligible data={referrals.data} />;
  else body = <Overview data={referrals.data} />;

  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <header className="mb-8">
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
            {t('referral.title')}
          </h1>
          <p className="mt-3 max-w-2xl text-base leading-7 text-stone-700 sm:text-lg">
            {t('referral.lead', {
              days: REFERRAL_REWARD_DAYS,
              credits: formatNumber(REFERRAL_REWARD_CREDITS, locale),
            })}
          </p>
        </header>
        {body}
      </div>
    </div>
  );
}

/** Why the member cannot refer yet, their plan named, and the plans that have the programme. */
function NotEligible({ data }: { data: ReferralOverviewDto | null }) {
  const { t } = useTranslation(['billing', 'errors']);
  const text = usePlanText();
  const plans = usePlansWithProgram(data?.plansWithProgram);
  const reason = data?.reason ?? null;
  const plan = data?.plan ? text.planName(data.plan.slug, data.plan.name) : '';
  const why =
    reason && REASONS.includes(reason)
      ? t(`referral.notEligible.${reason}`, { plan })
      : t('errors:REFERRAL_NOT_ELIGIBLE');
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <Icon className="h-6 w-6">
          <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
          <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
        </Icon>
      </span>
      <div>
        <h2 className="font-serif text-2xl font-semibold text-stone-900">
          {reason === 'not_in_plan' ? t('referral.notEligible.titleNotInPlan') : t('referral.notEligible.title')}
        </h2>
        <p className="mt-2 leading-7 text-stone-700">{why}</p>
        {data ? (
          <p className="mt-2 leading-7 text-stone-600">
            {plans ? t('referral.notEligible.how', { plans }) : t('referral.notEligible.howNoPlans')}
          </p>
        ) : null}
        <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'lg', className: 'mt-5' })}>
          {t('referral.notEligible.cta')}
        </Link>
      </div>
    </Card>
  );
}

function Overview({ data }: { data: ReferralOverviewDto }) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const toast = useToast();
  const codeField = useRef<HTMLInputElement>(null);
  const linkField = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (what: 'code' | 'link') => {
    const ok = await copyText(
      what === 'code' ? data.code : data.link,
      what === 'code' ? codeField.current : linkField.current,
    );
    if (ok) {
      setCopied(what);
      toast({ variant: 'success', title: what === 'code' ? t('referral.codeCopied') : t('referral.linkCopied') });
    } else {
      toast({ variant: 'destructive', title: t('referral.copyFailed'), description: t('referral.copyFailedText') });
    }
  };

  const share = async () => {
    if (typeof navigator.share !== 'function') {
      // SPEC.md §8: 'Compartilhamento não suportado' / 'Your browser does not support native sharing'.
      toast({ title: t('referral.shareUnsupported'), description: t('referral.shareUnsupportedText') });
      return;
    }
    try {
      await navigator.share({ title: t('referral.shareTitle'), text: t('referral.shareText'), url: data.link });
    } catch (e) {
      if ((e as Error).name !== 'AbortError')
        toast({ title: t('referral.shareUnsupported'), description: t('referral.shareUnsupportedText') });
    }
  };

  const kindLabel = (kind: string) => (kind === 'first_payment' ? t('referral.rewardKinds.first_payment') : kind);

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-5 sm:p-6">
          <h2 className="font-serif text-xl font-semibold text-stone-900">{t('referral.shareHeading')}</h2>
          <div className="mt-4 grid gap-4">
            <div className="grid gap-1.5">
              <label htmlFor="referral-code" className="text-sm font-medium text-stone-800">
                {t('referral.code')}
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  ref={codeField}
                  id="referral-code"
                  readOnly
                  value={data.code}
                  onFocus={(e) => e.currentTarget.select()}
                  className="font-mono text-lg font-semibold tracking-widest sm:max-w-xs"
                />
                <Button variant="secondary" onClick={() => void copy('code')} className="shrink-0">
                  <CopyIcon done={copied === 'code'} />
                  {copied === 'code' ? t('referral.copied') : t('referral.copyCode')}
                </Button>
              </div>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="referral-link" className="text-sm font-medium text-stone-800">
                {t('referral.link')}
              </label>
              <Input
                ref={linkField}
                id="referral-link"
                readOnly
                value={data.link}
                onFocus={(e) => e.currentTarget.select()}
                className="text-sm"
              />
              <div className="mt-1 grid grid-cols-2 gap-2 sm:flex">
                <Button variant="outline" onClick={() => void copy('link')}>
                  <CopyIcon done={copied === 'link'} />
                  {copied === 'link' ? t('referral.copied') : t('referral.copyLink')}
                </Button>
                <Button onClick={() => void share()}>
                  <Icon className="h-4 w-4">
                    <circle cx="18" cy="5" r="3" />
                    <circle cx="6" cy="12" r="3" />
                    <circle cx="18" cy="19" r="3" />
                    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
                  </Icon>
                  {t('referral.share')}
                </Button>
              </div>
            </div>
          </div>
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="font-serif text-xl font-semibold text-stone-900">{t('referral.summary')}</h2>
          <dl className="mt-4 grid grid-cols-2 gap-4">
            <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-100">
              <dt className="text-xs font-semibold uppercase tracking-wide text-emerald-900">
                {t('referral.totalCredits')}
              </dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-emerald-950">
                {formatNumber(data.totalCredits, locale)}
              </dd>
            </div>
            <div className="rounded-xl bg-stone-50 p-4 ring-1 ring-stone-100">
              <dt className="text-xs font-semibold uppercase tracking-wide text-stone-600">
                {t('referral.referredCount')}
              </dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-stone-900">
                {formatNumber(data.referred.length, locale)}
              </dd>
            </div>
          </dl>
          <ol className="mt-5 grid gap-2 text-sm text-stone-700">
            {(['one', 'two', 'three'] as const).map((step, i) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-900"
                >
                  {i + 1}
                </span>
                <span>
                  {t(`referral.steps.${step}`, {
                    days: REFERRAL_REWARD_DAYS,
                    credits: formatNumber(REFERRAL_REWARD_CREDITS, locale),
                  })}
                </span>
              </li>
            ))}
          </ol>
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="referred-title">
          <h2 id="referred-title" className="font-serif text-xl font-semibold text-stone-900">
            {t('referral.referredTitle')}
          </h2>
          {data.referred.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
              {t('referral.referredEmpty')}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
              {data.referred.map((r, i) => (
                <li key={i} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <span className="min-w-0">
                    <span className="block font-semibold text-stone-900">{r.firstName}</span>
                    <span className="block text-sm text-stone-600">
                      {t('referral.joinedOn', { date: formatDate(r.joinedAt, locale) })}
                    </span>
                  </span>
                  <Badge tone={r.rewarded ? 'success' : 'neutral'}>
                    {r.rewarded ? t('referral.rewarded') : t('referral.awaitingPayment')}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="rewards-title">
          <h2 id="rewards-title" className="font-serif text-xl font-semibold text-stone-900">
            {t('referral.rewardsTitle')}
          </h2>
          {data.rewards.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
              {t('referral.rewardsEmpty')}
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
              {data.rewards.map((r, i) => (
                <li key={i} className="flex flex-wrap items-center justify-between gap-2 p-4">
                  <span className="min-w-0">
                    <span className="block font-semibold text-stone-900">{kindLabel(r.kind)}</span>
                    <span className="block text-sm text-stone-600">
                      <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums text-emerald-800">
                    {t('referral.rewardCredits', { formatted: formatNumber(r.credits, locale) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function CopyIcon({ done }: { done: boolean }) {
  return (
    <Icon className="h-4 w-4">
      {done ? (
        <path d="M20 6 9 17l-5-5" />
      ) : (
        <>
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </>
      )}
    </Icon>
  );
}
