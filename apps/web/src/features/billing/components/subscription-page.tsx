import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PLAN_FEATURES, TRIAL_DAYS } from '@candeia/shared/constants';
import type { BillingDetailsDto } from '@candeia/shared/schemas/billing';
import type { PlanDto, SubscriptionStateDto } from '@candeia/shared/schemas/subscription';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { usePlans } from '../../../lib/queries/plans.ts';
import { useSessionUser } from '../../../lib/queries/session.ts';
import { statusTone } from '../../../lib/subscription-status.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';
import { useBillingDetails } from '../api/get-billing-details.ts';
import { useMarkTrialNoticeSeen } from '../api/mark-trial-notice-seen.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { useResumeSubscription } from '../api/resume-subscription.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import { useFollowUrl } from '../hooks/use-follow-url.ts';
import { usePayments } from '../hooks/use-payments.ts';
import { usePlanText } from '../hooks/use-plan-text.ts';
import { CreditHistory } from './credit-history.tsx';
import { CurrencyNote } from '../../../components/ui/currency-note.tsx';
import { formatDate, formatDateBR, formatDateNumeric, formatMoney, formatNumber } from '../lib/format.ts';

/** The notice that payments are not configured: what a disabled subscribe button points to. */
const PAYMENTS_OFF_ID = 'payments-off';

/** Codes after which the generic 'Erro na Assinatura' text says more than the server's message. */
const GENERIC_FAILURES = new Set(['SUBSCRIPTION_UPDATE_FAILED', 'CHECKOUT_FAILED', 'SERVER_ERROR', 'UNEXPECTED_ERROR']);

/** Plans and subscription (SPEC.md §2), with the blocked-access screen on ?expired=true. */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const location = useLocation();
  const expired = params.get('expired') === 'true';
  const chosenPlan = params.get('plan');
  const { user, isPending: sessionPending } = useSessionUser();
  const signedIn = !!user;
  const sub = useSubscription(signedIn);
  const details = useBillingDetails(signedIn && user.role !== 'admin');
  const plans = usePlans();
  const payments = usePayments();
  const plansHeading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(expired ? t('blocked.title') : t('title'));

  useEffect(() => {
    if (location.hash !== '#plans' || !plans.data) return;
    plansHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    plansHeading.current?.focus({ preventScroll: true });
  }, [location.hash, location.key, plans.data]);

  useEffect(() => {
    if (details.error) console.error('Billing details failed', details.error);
  }, [details.error]);

  // The trial-ended notice shows once: it stays for this visit, and the server forgets it.
  const [trialEnded, setTrialEnded] = useState(false);
  if (details.data?.trialEndedNotice && !trialEnded) setTrialEnded(true);
  const { mutate: markSeen } = useMarkTrialNoticeSeen();
  useEffect(() => {
    if (trialEnded) markSeen();
  }, [trialEnded, markSeen]);

  const paidPlans = plans.data?.filter((p) => p.monthlyPriceCents > 0) ?? [];
  const freePlans = plans.data?.filter((p) => p.monthlyPriceCents === 0) ?? [];
  const next = (planId?: string) => paths.subscription({ plan: planId });

  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        {expired ? <BlockedAccess signedIn={signedIn} sub={sub.data} loading={signedIn && sub.isPending} /> : null}

        {expired ? null : (
          <header className="mb-8 text-center">
            <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
              {t('title')}
            </h1>
            <p className="mx-auto mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">
              {t('lead', { days: TRIAL_DAYS })}
            </p>
          </header>
        )}

        {signedIn && trialEnded ? <TrialEndedNotice /> : null}

        {signedIn ? (
          <CurrentPlan sub={sub.data} loading={sub.isPending} error={sub.error} details={details.data} />
        ) : null}

        <section aria-labelledby="plans-title" className="mt-10" id="plans">
          <h2
            ref={plansHeading}
            tabIndex={-1}
            id="plans-title"
            className="scroll-mt-24 font-serif text-2xl font-semibold text-stone-900 focus:outline-none sm:text-3xl"
          >
            {t('catalogue.title')}
          </h2>
          <p className="mt-1 text-stone-600">{t('catalogue.lead')}</p>
          {signedIn &&
          sub.data?.isTrial &&
          sub.data.trialEndDate &&
          (sub.data.trialDaysLeft ?? 0) >= 3 &&
          !payments.off ? (
            <KeepTrialNote trialEndDate={sub.data.trialEndDate} />
          ) : null}
          {payments.off ? (
            <div id={PAYMENTS_OFF_ID} className="mt-6">
              <Alert variant="warning" title={t('payments.offTitle')}>
                {t('payments.offPlans')}
              </Alert>
            </div>
          ) : null}
          {plans.isPending ? (
            <Spinner />
          ) : plans.error ? (
            <Alert variant="error" className="mt-6" title={t('catalogue.loadFailed')}>
              {plans.error instanceof ApiError && plans.error.message
                ? plans.error.message
                : t('errors:UNEXPECTED_ERROR')}
              <div className="mt-3">
                <Button size="sm" variant="outline" onClick={() => void plans.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            </Alert>
          ) : (
            <>
              <Catalogue
                plans={paidPlans}
                signedIn={signedIn}
                sessionPending={sessionPending}
                sub={signedIn ? sub.data : undefined}
                chosenPlan={chosenPlan}
                signupHref={(id) => paths.signup({ next: next(id) })}
                paymentsOff={payments.off}
              />
              <CurrencyNote currencies={paidPlans.map((p) => p.currency)} className="mt-4 text-center" />
              {!signedIn && !sessionPending ? (
                <p className="mt-5 text-center text-sm text-stone-600">
                  {t('catalogue.signedOutNote', { days: TRIAL_DAYS })}{' '}
                  <Link
                    to={paths.login({ next: next() })}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {t('catalogue.loginToSubscribe')}
                  </Link>
                </p>
              ) : null}
              {freePlans.map((p) => (
                <FreePlan
                  key={p.id}
                  plan={p}
                  // A trial runs on the free plan's row, but the trial is not the free plan.
                  current={signedIn && sub.data?.planId === p.id && !sub.data.isTrial}
                  showCta={!signedIn && !sessionPending}
                />
              ))}
            </>
          )}
        </section>

        {signedIn && user.role !== 'admin' ? <CreditHistory /> : null}
      </div>
    </div>
  );
}

function BlockedAccess({
  signedIn,
  sub,
  loading,
}: {
  signedIn: boolean;
  sub: SubscriptionStateDto | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('billing');
  const text = usePlanText();
  const status = signedIn ? (sub?.status ?? null) : null;
  const expiresAt = signedIn ? (sub?.expiresAt ?? null) : null;
  return (
    <section
      aria-labelledby="blocked-title"
      className="mb-10 overflow-hidden rounded-3xl border border-red-200 bg-white shadow-sm"
    >
      <div className="h-1.5 bg-red-600" />
      <div className="flex flex-col items-center px-5 py-8 text-center sm:px-10 sm:py-10">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-700 ring-1 ring-red-200">
          <Icon className="h-7 w-7">
            <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
            <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
          </Icon>
        </span>
        <h1
          id="blocked-title"
          className="mt-4 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl"
        >
          {t('blocked.title')}
        </h1>
        <p className="mt-2 max-w-xl text-stone-600">{t('blocked.lead')}</p>
        {loading ? (
          <Spinner />
        ) : (
          <dl className="mt-6 grid w-full max-w-md gap-3 rounded-2xl bg-stone-50 p-4 text-left sm:grid-cols-2">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('blocked.status')}</dt>
              <dd className="mt-1">
                <Badge tone={statusTone(status)}>{text.status(status)}</Badge>
              </dd>
            </div>
            {expiresAt ? (
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                  {t('blocked.expiresAt')}
                </dt>
                <dd className="mt-1 font-semibold tabular-nums text-stone-900">{formatDateBR(expiresAt)}</dd>
              </div>
            ) : null}
          </dl>
        )}
        <Link
          to={paths.subscriptionPlans()}
          className={buttonClasses({ size: 'lg', className: 'mt-6 w-full sm:w-auto' })}
        >
          {t('blocked.renew')}
        </Link>
      </div>
    </section>
  );
}

/** The trial ended unpaid: the account fell back to the free plan (the Bible only). */
function TrialEndedNotice() {
  const { t } = useTranslation('billing');
  return (
    <section
      aria-labelledby="trial-ended-title"
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <Icon className="mt-0.5 h-6 w-6 shrink-0 text-amber-700">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </Icon>
        <div>
          <h2 id="trial-ended-title" className="font-semibold">
            {t('trialEnded.title')}
          </h2>
          <p className="mt-1 text-sm leading-6">{t('trialEnded.text')}</p>
        </div>
      </div>
      <Link to={paths.subscriptionPlans()} className={buttonClasses({ className: 'shrink-0 self-start sm:self-auto' })}>
        {t('trial.renew')}
      </Link>
    </section>
  );
}

/** Buying during the trial keeps its free days (the paid month starts when it ends): said before paying. */
function KeepTrialNote({ trialEndDate }: { trialEndDate: string }) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Alert variant="info" className="mt-4">
      {t('catalogue.keepTrial', { date: formatDate(trialEndDate, locale) })}
    </Alert>
  );
}

function CurrentPlan({
  sub,
  loading,
  error,
  details,
}: {
  sub: SubscriptionStateDto | undefined;
  loading: boolean;
  error: Error | null;
  details: BillingDetailsDto | undefined;
}) {
  const { t, i18n } = useTranslation('billing');
  const text = usePlanText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  if (loading) return <Spinner />;
  if (error || !sub) {
    return (
      <Alert variant="error" title={t('current.loadFailed')}>
        {error instanceof ApiError && error.message ? error.message : t('errors:UNEXPECTED_ERROR')}
      </Alert>
    );
  }
  const total = Math.max(sub.totalCredits, sub.creditsRemaining);
  const pct = total > 0 ? Math.round((sub.creditsRemaining / total) * 100) : 0;
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby="current-plan-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="current-plan-title" className="font-serif text-xl font-semibold text-stone-900">
          {t('current.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          {details?.cancelAtPeriodEnd ? <Badge tone="warning">{t('manage.cancelScheduled')}</Badge> : null}
          <Badge tone={statusTone(sub.status)}>{text.status(sub.status)}</Badge>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-5 lg:grid-cols-4">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('current.plan')}</dt>
          <dd className="mt-1 font-serif text-2xl font-semibold text-stone-900">
            {sub.isAdmin && !sub.planId ? t('current.admin') : text.planName(sub.planSlug, sub.planName)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('current.remaining')}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">
            {formatNumber(sub.creditsRemaining, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('current.total')}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">
            {formatNumber(sub.totalCredits, locale)}
          </dd>
        </div>
        {sub.isTrial && sub.trialEndDate ? (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('current.trialEnds')}</dt>
            <dd className="mt-1 font-semibold text-stone-900">
              {formatDate(sub.trialEndDate, locale)}
              {sub.trialDaysLeft !== null ? (
                <span className="block text-sm font-normal text-stone-600">
                  {t('current.daysLeft', { count: sub.trialDaysLeft })}
                </span>
              ) : null}
            </dd>
          </div>
        ) : details?.hasPaidSubscription && details.currentPeriodEnd ? (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
              {details.cancelAtPeriodEnd
                ? t('manage.accessUntil')
                : sub.status === 'trialing'
                  ? t('manage.firstChargeOn')
                  : t('manage.renewsOn')}
            </dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">
              {formatDateNumeric(details.currentPeriodEnd, locale)}
            </dd>
          </div>
        ) : null}
      </dl>
      {total > 0 ? (
        <div className="mt-5">
          <div
            role="progressbar"
            aria-label={t('current.remaining')}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={sub.creditsRemaining}
            aria-valuetext={t('current.creditsOf', {
              remaining: formatNumber(sub.creditsRemaining, locale),
              total: formatNumber(total, locale),
            })}
            className="h-2 overflow-hidden rounded-full bg-stone-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
          </div>
        </div>
      ) : null}
      {details?.hasPaidSubscription ? (
        <ManageSubscription details={details} locale={locale} inFreeDays={sub.status === 'trialing'} />
      ) : null}
    </Card>
  );
}

/** Cancel at the period end (no fee) or undo it, and the Stripe portal for the card. */
function ManageSubscription({
  details,
  locale,
  inFreeDays,
}: {
  details: BillingDetailsDto;
  locale: string;
  /** A paid plan bought during the trial, not charged yet (Stripe's trial_end). */
  inFreeDays: boolean;
}) {
  const { t } = useTranslation('billing');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const followUrl = useFollowUrl();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const portal = useOpenPortal();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const date = details.currentPeriodEnd ? formatDateNumeric(details.currentPeriodEnd, locale) : null;

  const failed = (e: unknown) =>
    toast({ variant: 'destructive', title: t('toasts.updateFailed'), description: apiMessage(e) });

  const confirmCancel = async () => {
    setCancelError(null);
    try {
      const res = await cancel.mutateAsync();
      setConfirmOpen(false);
      const end = res.currentPeriodEnd ? formatDateNumeric(res.currentPeriodEnd, locale) : date;
      toast({
        variant: 'success',
        title: t('manage.canceledTitle'),
        description: end ? t('manage.canceledText', { date: end }) : t('manage.canceledTextNoDate'),
      });
    } catch (e) {
      setCancelError(apiMessage(e));
    }
  };

  const doResume = async () => {
    try {
      await resume.mutateAsync();
      toast({ variant: 'success', title: t('manage.resumedTitle'), description: t('manage.resumedText') });
    } catch (e) {
      failed(e);
    }
  };

  const openPortal = async () => {
    try {
      const res = await portal.mutateAsync();
      followUrl(res.url);
    } catch (e) {
      failed(e);
    }
  };

  return (
    <div className="mt-6 flex flex-col gap-4 border-t border-stone-100 pt-5 lg:flex-row lg:items-center lg:justify-between">
      <p className="text-sm leading-6 text-stone-700">
        {details.cancelAtPeriodEnd
          ? date
            ? t('manage.canceledText', { date })
            : t('manage.canceledTextNoDate')
          : date
            ? inFreeDays
              ? t('manage.firstChargeText', { date })
              : t('manage.renewsText', { date })
            : t('manage.cancelAnyTime')}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {details.provider === 'stripe' ? (
          <Button
            variant="outline"
            onClick={() => void openPortal()}
            busy={portal.isPending}
            busyLabel={t('processing')}
          >
            {t('manage.portal')}
          </Button>
        ) : null}
        {details.cancelAtPeriodEnd ? (
          <Button onClick={() => void doResume()} busy={resume.isPending} busyLabel={t('processing')}>
            {t('manage.resume')}
          </Button>
        ) : (
          <Button
            variant="outline"
            className="border-red-300 text-red-800 hover:bg-red-50"
            onClick={() => {
              setCancelError(null);
              setConfirmOpen(true);
            }}
          >
            {t('manage.cancel')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('manage.confirmTitle')}
        description={date ? t('manage.confirmText', { date }) : t('manage.confirmTextNoDate')}
        confirmLabel={t('manage.confirmCancel')}
        cancelLabel={t('manage.keep')}
        onConfirm={() => void confirmCancel()}
        busy={cancel.isPending}
        destructive
      >
        {cancelError ? (
          <Alert variant="error" title={t('toasts.updateFailed')}>
            {cancelError}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/**
 * The paid plans; signed in, each can be subscribed to (one checkout at a time). Without payments
 * on this server the buttons stay, disabled, described by the notice above them.
 */
function Catalogue({
  plans,
  signedIn,
  sessionPending,
  sub,
  chosenPlan,
  signupHref,
  paymentsOff,
}: {
  plans: PlanDto[];
  signedIn: boolean;
  sessionPending: boolean;
  sub: SubscriptionStateDto | undefined;
  chosenPlan: string | null;
  signupHref: (planId: string) => string;
  paymentsOff: boolean;
}) {
  const { t } = useTranslation('billing');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const followUrl = useFollowUrl();
  const checkout = useStartCheckout();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const chosenButton = useRef<HTMLButtonElement>(null);
  const canSubscribe = signedIn && !!sub && !sub.isAdmin;

  // Back from sign-up or login with a plan in mind: that plan's button is where to go on.
  useEffect(() => {
    if (!chosenPlan || !canSubscribe) return;
    chosenButton.current?.scrollIntoView({ block: 'center' });
    chosenButton.current?.focus({ preventScroll: true });
  }, [chosenPlan, canSubscribe]);

  const subscribe = async (plan: PlanDto) => {
    setPendingPlan(plan.id);
    try {
      const res = await checkout.mutateAsync(plan.id);
      followUrl(res.url);
    } catch (e) {
      setPendingPlan(null);
      const code = e instanceof ApiError ? e.code : null;
      if (code === 'AUTH_REQUIRED' || code === 'AUTH_SESSION_EXPIRED') {
        toast({ variant: 'destructive', title: t('toasts.loginRequired'), description: t('toasts.loginRequiredText') });
      } else if (code === 'PLAN_NOT_FOUND') {
        toast({ variant: 'destructive', title: t('toasts.planNotFound'), description: t('toasts.planNotFoundText') });
      } else {
        toast({
          variant: 'destructive',
          title: t('toasts.subscribeFailed'),
          description: code && !GENERIC_FAILURES.has(code) ? apiMessage(e) : t('toasts.subscribeFailedText'),
        });
      }
    }
  };

  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {plans.map((p) => {
        const current = signedIn && sub?.planId === p.id;
        const ownsIt = current && sub?.status === 'active' && !sub.isTrial;
        const chosen = chosenPlan === p.id;
        let cta = null;
        if (paymentsOff && (!signedIn || canSubscribe) && !ownsIt && !sessionPending) {
          cta = (
            <Button block disabled aria-describedby={PAYMENTS_OFF_ID}>
              <SubscribeLabel plan={p} />
            </Button>
          );
        } else if (!signedIn && !sessionPending) {
          cta = (
            <Link to={signupHref(p.id)} className={buttonClasses({ block: true })}>
              <SubscribeLabel plan={p} />
            </Link>
          );
        } else if (canSubscribe && !ownsIt) {
          cta = (
            <Button
              ref={chosen ? chosenButton : undefined}
              block
              variant={current ? 'outline' : 'primary'}
              onClick={() => void subscribe(p)}
              busy={pendingPlan === p.id}
              busyLabel={t('processing')}
              disabled={pendingPlan !== null && pendingPlan !== p.id}
            >
              <SubscribeLabel plan={p} />
            </Button>
          );
        }
        return <PlanCard key={p.id} plan={p} current={current} highlighted={chosen} cta={cta} />;
      })}
    </ul>
  );
}

function SubscribeLabel({ plan }: { plan: PlanDto }) {
  const { t } = useTranslation('billing');
  const text = usePlanText();
  return <>{t('catalogue.subscribeTo', { plan: text.planName(plan.slug, plan.name) })}</>;
}

function PlanCard({
  plan,
  current,
  highlighted,
  cta,
}: {
  plan: PlanDto;
  current: boolean;
  highlighted: boolean;
  cta: ReactNode;
}) {
  const { t, i18n } = useTranslation('billing');
  const text = usePlanText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const titleId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl border bg-white p-5 shadow-sm ${
        current || highlighted ? 'border-brand-500 ring-2 ring-brand-200' : 'border-stone-200'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="font-serif text-xl font-semibold text-stone-900">
          {text.planName(plan.slug, plan.name)}
        </h3>
        {current ? (
          <Badge tone="brand">{t('catalogue.yourPlan')}</Badge>
        ) : highlighted ? (
          <Badge tone="info">{t('catalogue.chosen')}</Badge>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-stone-600 sm:min-h-10">{text.planDescription(plan)}</p>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-3xl font-semibold tracking-tight text-stone-900 tabular-nums">
          {formatMoney(plan.monthlyPriceCents, plan.currency, locale)}
        </span>
        <span className="text-sm text-stone-500">{t('catalogue.perMonth')}</span>
      </p>
      <p className="mt-1 text-sm font-medium text-brand-800">
        {plan.credits > 0
          ? t('catalogue.credits', { formatted: formatNumber(plan.credits, locale) })
          : t('catalogue.noCredits')}
      </p>
      <ul className="mt-4 grid gap-2 border-t border-stone-100 pt-4 text-sm">
        {PLAN_FEATURES.map((f) => {
          const on = plan.features[f];
          return (
            <li key={f} className={`flex items-center gap-2 ${on ? 'text-stone-800' : 'text-stone-500'}`}>
              {on ? (
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="h-4 w-4 shrink-0 text-emerald-600"
                  fill="currentColor"
                >
                  <path
                    fillRule="evenodd"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0z"
                    clipRule="evenodd"
                  />
                </svg>
              ) : (
                <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
                  <path d="M5 9.25h10v1.5H5z" />
                </svg>
              )}
              <span>
                {t(`features.${f}`)}
                <span className="sr-only">{` (${on ? t('catalogue.included') : t('catalogue.notIncluded')})`}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {cta ? <div className="mt-auto pt-5">{cta}</div> : null}
    </li>
  );
}

function FreePlan({ plan, current, showCta }: { plan: PlanDto; current: boolean; showCta: boolean }) {
  const { t } = useTranslation('billing');
  const text = usePlanText();
  const included = PLAN_FEATURES.filter((f) => plan.features[f]);
  return (
    <div
      className={`mt-4 flex flex-col gap-4 rounded-2xl border bg-white/70 p-5 sm:flex-row sm:items-center sm:justify-between ${
        current ? 'border-brand-500 ring-2 ring-brand-200' : 'border-dashed border-stone-300'
      }`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-serif text-lg font-semibold text-stone-900">{text.planName(plan.slug, plan.name)}</span>
          <Badge tone="success">{t('catalogue.free')}</Badge>
          {current ? <Badge tone="brand">{t('catalogue.yourPlan')}</Badge> : null}
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {text.planDescription(plan)}
          {included.length ? ` · ${included.map((f) => t(`features.${f}`)).join(', ')}` : null}
        </p>
      </div>
      {showCta ? (
        <Link to={paths.signup()} className={buttonClasses({ variant: 'outline', className: 'shrink-0' })}>
          {t('catalogue.startTrial')}
        </Link>
      ) : null}
    </div>
  );
}
