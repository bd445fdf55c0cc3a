import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isErrorCode } from '@candeia/shared/errors';
import {
  TEST_CARD_DECLINED,
  TEST_CARD_SUCCESS,
  localPaySchema,
  type CheckoutSessionDto,
} from '@candeia/shared/schemas/billing';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { usePlans } from '../../../lib/queries/plans.ts';
import { useCheckoutSession } from '../api/get-checkout-session.ts';
import { useLocalPay } from '../api/local-pay.ts';
import { useFollowUrl } from '../hooks/use-follow-url.ts';
import { usePayments } from '../hooks/use-payments.ts';
import { usePlanText } from '../hooks/use-plan-text.ts';
import { formatCardNumber, formatCvc, formatExpiry, reformatInput } from '../lib/card.ts';
import { formatMoney } from '../lib/format.ts';
import { SessionLoadError, SessionProblem } from './session-problem.tsx';

const cardSchema = localPaySchema.omit({ sessionId: true });
type CardIn = z.input<typeof cardSchema>;
type CardOut = z.output<typeof cardSchema>;
type CardField = keyof CardIn;
const CARD_FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

/**
 * The local payment provider's checkout (SPEC.md §2 payment test page, PRODUCT.md
 * "Payments"): a card form for ?session=<id>, with the test cards that succeed or are declined.
 */
export default function PaymentTestPage() {
  const { t } = useTranslation(['billing', 'errors']);
  const [params] = useSearchParams();
  // ?session= (our links) or ?session_id= (the provider's success URL convention).
  const sessionId = (params.get('session') ?? params.get('session_id'))?.trim() || null;
  const session = useCheckoutSession(sessionId);
  const payments = usePayments();

  // Stripe, or no payments at all: this server takes no test card.
  if (payments.mode !== undefined && payments.mode !== 'test') {
    return <SessionProblem title={t('payments.testOffTitle')} text={t('payments.testOffText')} />;
  }
  if (!sessionId) {
    return <SessionProblem title={t('session.missingTitle')} text={t('session.missingText')} />;
  }
  if (session.isPending) return <FullPageSpinner />;
  if (session.error) return <SessionLoadError error={session.error} onRetry={() => void session.refetch()} />;
  const s = session.data;
  if (s.status === 'complete') {
    return (
      <SessionProblem
        kind={s.kind}
        title={t('session.paidTitle')}
        text={t('session.paidText')}
        action={
          <Link
            to={paths.checkoutSuccess({ session: s.id })}
            className={buttonClasses({ className: 'w-full sm:w-auto' })}
          >
            {t('session.seeConfirmation')}
          </Link>
        }
      />
    );
  }
  if (s.status === 'expired') {
    return <SessionProblem kind={s.kind} title={t('session.expiredTitle')} text={t('session.expiredText')} />;
  }
  return <CheckoutForm session={s} />;
}

function CheckoutForm({ session }: { session: CheckoutSessionDto }) {
  const { t, i18n } = useTranslation(['billing', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { message, apiMessage } = useMessages();
  const followUrl = useFollowUrl();
  const pay = useLocalPay();
  const plans = usePlans();
  const text = usePlanText();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The message of a failed payment; `focus` moves focus to it once it is on screen; `signIn`
  // when a plan's checkout needs its member signed in.
  const [payError, setPayError] = useState<{ text: string; focus: boolean; signIn?: boolean } | null>(null);
  useEffect(() => {
    if (payError?.focus) alertRef.current?.focus();
  }, [payError]);
  useDocumentTitle(t('pay.title'));

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { errors, isSubmitting, submitCount, isSubmitted },
  } = useForm<CardIn, unknown, CardOut>({
    resolver: zodResolver(cardSchema),
    // Checked on submit, then as it is typed: a message appearing on blur would move the submit
    // button away from under the pointer in the middle of a click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  const amount = formatMoney(session.amountCents, session.currency, locale);
  const what =
    session.kind === 'donation'
      ? t('pay.donation')
      : t('pay.subscription', { plan: session.planName ? text.planNameFromName(session.planName, plans.data) : '' });
  const busy = isSubmitting || pay.isPending;

  /** A formatted field: reformats as it is typed, then hands the event to the form. */
  const formatted = (name: 'cardNumber' | 'expiry' | 'cvc', format: (raw: string) => string) => {
    const field = register(name);
    return {
      ...field,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        reformatInput(e.target, format);
        return field.onChange(e);
      },
    };
  };

  const fillCard = (digits: string) => {
    setValue('cardNumber', formatCardNumber(digits), { shouldValidate: isSubmitted, shouldDirty: true });
    setPayError(null);
    setFocus('expiry');
  };

  const onSubmit = async (values: CardOut) => {
    setPayError(null);
    try {
      const res = await pay.mutateAsync({ sessionId: session.id, ...values });
      if (res.status === 'complete') {
        followUrl(res.redirectUrl ?? paths.checkoutSuccess({ session: session.id }));
        return;
      }
      setPayError({
        text: isErrorCode(res.error) ? t(`errors:${res.error}`) : t('errors:PAYMENT_DECLINED'),
        focus: true,
      });
    } catch (e) {
      let onField = false;
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          if (!(CARD_FIELDS as readonly string[]).includes(name)) continue;
          setError(name as CardField, { type: 'server', message: msg });
          onField = true;
        }
      }
      // A field the server refused gets the focus (by the form); otherwise the message does.
      setPayError({
        text: apiMessage(e),
        focus: !onField,
        signIn: e instanceof ApiError && e.code === 'AUTH_REQUIRED',
      });
    }
  };

  const err = (name: CardField) => message(errors[name]?.message);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <header className="mb-8">
          <Badge tone="warning">{t('pay.testBadge')}</Badge>
          <h1 className="mt-3 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
            {t('pay.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-stone-600">{t('pay.lead')}</p>
        </header>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="grid gap-6">
            <Card className="p-5 sm:p-6">
              <h2 className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('pay.summary')}</h2>
              <p className="mt-3 font-serif text-xl font-semibold text-stone-900">{what}</p>
              {session.kind === 'subscription' ? (
                <p className="mt-1 text-sm text-stone-600">{t('pay.monthly')}</p>
              ) : null}
              <div className="mt-5 flex items-baseline justify-between gap-3 border-t border-stone-100 pt-4">
                <span className="text-sm font-medium text-stone-700">{t('pay.total')}</span>
                <span className="text-3xl font-semibold tabular-nums tracking-tight text-stone-900">{amount}</span>
              </div>
            </Card>

            <section aria-labelledby="test-cards-title" className="rounded-2xl border border-sky-200 bg-sky-50 p-5">
              <h2 id="test-cards-title" className="flex items-center gap-2 font-semibold text-sky-950">
                <Icon className="h-5 w-5 shrink-0 text-sky-700">
                  <path d="M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z" />
                </Icon>
                {t('pay.testCards')}
              </h2>
              <ul className="mt-3 grid gap-2">
                {[
                  { digits: TEST_CARD_SUCCESS, label: t('pay.cardSucceeds'), tone: 'success' as const },
                  { digits: TEST_CARD_DECLINED, label: t('pay.cardDeclined'), tone: 'danger' as const },
                ].map((c) => (
                  <li
                    key={c.digits}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 ring-1 ring-sky-100"
                  >
                    <span className="min-w-0">
                      <span className="block font-mono text-sm font-semibold tracking-wider text-stone-900">
                        {formatCardNumber(c.digits)}
                      </span>
                      <Badge tone={c.tone} className="mt-1">
                        {c.label}
                      </Badge>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => fillCard(c.digits)}
                      aria-label={t('pay.useCardLabel', { card: formatCardNumber(c.digits), result: c.label })}
                    >
                      {t('pay.useCard')}
                    </Button>
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm text-sky-950">{t('pay.anyDetails')}</p>
            </section>
          </div>

          <Card className="p-5 sm:p-8">
            <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
              <h2 className="font-serif text-xl font-semibold text-stone-900">{t('pay.cardTitle')}</h2>
              <Field label={t('pay.cardNumber')} required error={err('cardNumber')}>
                {(a) => (
                  <Input
                    {...a}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 1234 1234 1234"
                    maxLength={23}
                    className="font-mono tracking-wider"
                    {...formatted('cardNumber', formatCardNumber)}
                  />
                )}
              </Field>
              <div className="grid grid-cols-2 gap-4">
                <Field label={t('pay.expiry')} required error={err('expiry')} hint={t('pay.expiryHint')}>
                  {(a) => (
                    <Input
                      {...a}
                      inputMode="numeric"
                      autoComplete="cc-exp"
                      placeholder={t('pay.expiryPlaceholder')}
                      maxLength={5}
                      className="font-mono"
                      {...formatted('expiry', formatExpiry)}
                    />
                  )}
                </Field>
                <Field label={t('pay.cvc')} required error={err('cvc')} hint={t('pay.cvcHint')}>
                  {(a) => (
                    <Input
                      {...a}
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      placeholder="123"
                      maxLength={4}
                      className="font-mono"
                      {...formatted('cvc', formatCvc)}
                    />
                  )}
                </Field>
              </div>
              <Field label={t('pay.name')} required error={err('name')}>
                {(a) => <Input {...a} autoComplete="cc-name" autoCapitalize="characters" {...register('name')} />}
              </Field>

              {payError ? (
                <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('pay.failed')}>
                  {payError.text}
                  {payError.signIn ? (
                    <div className="mt-3">
                      <Link
                        to={paths.login({ next: paths.paymentTest(session.id) })}
                        className={buttonClasses({ size: 'sm' })}
                      >
                        {t('pay.signIn')}
                      </Link>
                    </div>
                  ) : null}
                </Alert>
              ) : null}

              <Button type="submit" size="lg" block busy={busy} busyLabel={t('pay.processing')}>
                <Icon className="h-5 w-5">
                  <rect x="5" y="11" width="14" height="10" rx="2" />
                  <path d="M8 11V7a4 4 0 0 1 8 0v4" />
                </Icon>
                {t('pay.submit', { amount })}
              </Button>
              <Link
                to={session.kind === 'donation' ? paths.donations() : paths.subscription()}
                className="justify-self-center text-sm font-semibold text-brand-800 underline underline-offset-2"
              >
                {t('pay.back')}
              </Link>
            </form>
          </Card>
        </div>
      </div>
    </div>
  );
}
