import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isErrorCode } from '@candeia/shared/errors';
import type { CheckoutSessionDto } from '@candeia/shared/schemas/billing';
import { paths } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePlans } from '../../../lib/queries/plans.ts';
import { useSignedIn } from '../../../lib/queries/session.ts';
import { statusTone } from '../../../lib/subscription-status.ts';
import { useCheckoutSession } from '../api/get-checkout-session.ts';
import { invalidateBilling } from '../api/invalidate-billing.ts';
import { usePlanText } from '../hooks/use-plan-text.ts';
import { formatMoney, formatNumber } from '../lib/format.ts';
import { SessionLoadError, SessionProblem } from './session-problem.tsx';

/** How often the page asks whether the webhook has confirmed the payment, and for how long. */
const POLL_MS = 2000;
const GIVE_UP_MS = 60_000;

/**
 * After the payment (SPEC.md §2 checkout success): waits for the webhook-confirmed state of
 * the session, never trusting the visit itself, then shows the subscription or the thanks.
 */
export default function CheckoutSuccessPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [params] = useSearchParams();
  // ?session= (our links) or ?session_id= (the provider's success URL convention).
  const sessionId = (params.get('session') ?? params.get('session_id'))?.trim() || null;
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const session = useCheckoutSession(sessionId, (s) => (!timedOut && (!s || s.status === 'open') ? POLL_MS : false));
  const status = session.data?.status;

  // Give up after about a minute of waiting; "check again" starts another minute.
  useEffect(() => {
    if (!sessionId || (status && status !== 'open')) return;
    const timer = setTimeout(() => setTimedOut(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [sessionId, status, round]);

  if (!sessionId) return <SessionProblem title={t('session.missingTitle')} text={t('session.missingText')} />;
  if (session.error) return <SessionLoadError error={session.error} onRetry={() => void session.refetch()} />;
  const s = session.data;
  if (s?.status === 'complete') return <Confirmed session={s} />;
  if (s?.status === 'failed') {
    return (
      <SessionProblem
        tone="danger"
        kind={s.kind}
        title={t('success.failedTitle')}
        text={isErrorCode(s.lastError) ? t(`errors:${s.lastError}`) : t('success.failedText')}
      />
    );
  }
  if (s?.status === 'expired') {
    return <SessionProblem kind={s.kind} title={t('session.expiredTitle')} text={t('session.expiredText')} />;
  }
  if (timedOut) {
    return (
      <SessionProblem
        kind={s?.kind}
        title={t('success.slowTitle')}
        text={t('success.slowText')}
        action={
          <Button
            className="w-full sm:w-auto"
            onClick={() => {
              setTimedOut(false);
              setRound((r) => r + 1);
              void session.refetch();
            }}
          >
            {t('success.checkAgain')}
          </Button>
        }
      />
    );
  }
  return <Waiting />;
}

function Waiting() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('success.waiting'));
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-12 text-center">
      <Spinner label={t('success.waitingHint')} />
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900">{t('success.waiting')}</h1>
      <p className="mt-3 text-stone-600">{t('success.waitingText')}</p>
    </div>
  );
}

function Confirmed({ session }: { session: CheckoutSessionDto }) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const qc = useQueryClient();
  const toast = useToast();
  const plans = usePlans();
  const text = usePlanText();
  const signedIn = useSignedIn();
  const announced = useRef(false);
  const donation = session.kind === 'donation';
  const sub = session.subscription;
  const planName = sub ? text.planNameFromName(sub.planName, plans.data) : null;
  useDocumentTitle(donation ? t('success.thanksTitle') : t('success.subscribedTitle'));

  // The balance, the plan and the gate changed: everything showing them reads them again.
  useEffect(() => {
    void invalidateBilling(qc);
  }, [qc]);

  // 'Assinatura Atualizada' (SPEC.md §8), once, with the plan's name in the reader's language.
  useEffect(() => {
    if (announced.current || donation || !planName || plans.isPending) return;
    announced.current = true;
    toast({
      variant: 'success',
      title: t('toasts.subscribed'),
      description: t('toasts.subscribedText', { plan: planName }),
    });
  }, [toast, t, donation, planName, plans.isPending]);

  return (
    <div className="bg-gradient-to-b from-emerald-50 to-stone-50">
      <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-4 py-12 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 ring-1 ring-emerald-200">
          <Icon className="h-8 w-8">
            {donation ? (
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            ) : (
              <path d="M20 6 9 17l-5-5" />
            )}
          </Icon>
        </span>
        {donation ? (
          <>
            <h1 className="mt-5 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
              {t('success.thanksTitle')}
            </h1>
            <p className="mt-3 text-lg text-stone-800">
              {t('success.thanksAmount', { amount: formatMoney(session.amountCents, session.currency, locale) })}
            </p>
            <p className="mt-2 max-w-lg text-stone-600">{t('success.thanksText')}</p>
          </>
        ) : (
          <>
            <h1 className="mt-5 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
              {t('success.subscribedTitle')}
            </h1>
            <p className="mt-3 max-w-lg text-stone-600">{t('success.subscribedText')}</p>
            {sub ? (
              <dl className="mt-6 grid w-full gap-4 rounded-2xl border border-stone-200 bg-white p-5 text-left shadow-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('current.plan')}</dt>
                  <dd className="mt-1 font-serif text-2xl font-semibold text-stone-900">{planName}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                    {t('blocked.status')}
                  </dt>
                  <dd className="mt-2">
                    <Badge tone={statusTone(sub.status)}>{text.status(sub.status)}</Badge>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                    {t('current.remaining')}
                  </dt>
                  <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900">
                    {formatNumber(sub.creditsRemaining, locale)}
                  </dd>
                </div>
              </dl>
            ) : null}
          </>
        )}
        <div className="mt-8 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
          {signedIn ? (
            <>
              <Link to={paths.start()} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
                {t('success.toStart')}
              </Link>
              <Link
                to={paths.chat()}
                className={buttonClasses({ size: 'lg', variant: 'outline', className: 'w-full sm:w-auto' })}
              >
                {t('success.toChat')}
              </Link>
            </>
          ) : (
            <Link to={paths.landing()} className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}>
              {t('success.toHome')}
            </Link>
          )}
        </div>
        {!donation && signedIn ? (
          <p className="mt-6 text-sm text-stone-600">
            {t('success.manageHint')}{' '}
            <Link to={paths.subscription()} className="font-semibold text-brand-800 underline underline-offset-2">
              {t('success.manageLink')}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
