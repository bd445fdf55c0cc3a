import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BV, DONATION_MAX_CENTS, DONATION_MIN_CENTS, DONATION_PRESETS_CENTS } from '@candeia/shared/schemas/billing';
import { emailSchema } from '@candeia/shared/schemas/common';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { EmailInput, Input } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { useCreateDonation } from '../api/create-donation.ts';
import { useFollowUrl } from '../hooks/use-follow-url.ts';
import { usePayments } from '../hooks/use-payments.ts';
import { donationCents } from '../lib/donation.ts';
import { formatAmountInput, formatMoney } from '../lib/format.ts';

/** The form as typed: the amount is text in the reader's locale; the e-mail is optional. */
const donationFormSchema = z.object({
  amount: z.string().refine((v) => donationCents(v) !== null, BV.donationAmount),
  email: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return;
      const r = emailSchema.safeParse(v);
      if (!r.success)
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'validation:email.format' });
    }),
});
type DonationFormIn = z.input<typeof donationFormSchema>;
type DonationFormOut = z.output<typeof donationFormSchema>;

/** Donations (SPEC.md §2, public): any valid amount, then the checkout. */
export default function DonationsPage() {
  const { t, i18n } = useTranslation(['billing', 'validation', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { message } = useMessages();
  const toast = useToast();
  const followUrl = useFollowUrl();
  const donate = useCreateDonation();
  const { user } = useSessionUser();
  const account = accountOf(user);
  const payments = usePayments();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [formError, setFormError] = useState<{ title: string; text: string } | null>(null);
  // A new failure message takes the focus once it is on screen.
  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);
  useDocumentTitle(t('donate.title'));

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting, isSubmitted, submitCount },
  } = useForm<DonationFormIn, unknown, DonationFormOut>({
    resolver: zodResolver(donationFormSchema),
    // Checked on submit, then as it is typed: a message appearing on blur would move the submit
    // button away from under the pointer in the middle of a click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { amount: '', email: '' },
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  const typed = watch('amount') ?? '';
  const cents = donationCents(typed);
  const money = (c: number) => formatMoney(c, 'BRL', locale);
  const busy = isSubmitting || donate.isPending;

  const pick = (c: number) => {
    setValue('amount', formatAmountInput(c, locale), { shouldValidate: isSubmitted, shouldDirty: true });
    setFormError(null);
  };

  const onInvalid = (errs: FieldErrors<DonationFormIn>) => {
    // SPEC.md §5: 'Valor Inválido' / 'Por favor, insira um valor de doação válido.'
    if (errs.amount)
      toast({ variant: 'destructive', title: t('donate.invalidTitle'), description: t('donate.invalidText') });
  };

  const onSubmit = async (values: DonationFormOut) => {
    // Nothing to pay with on this server: the notice on the form already says so.
    if (payments.off) return;
    setFormError(null);
    const amountCents = donationCents(values.amount);
    if (amountCents === null) return;
    try {
      const res = await donate.mutateAsync({ amountCents, ...(!user && values.email ? { email: values.email } : {}) });
      followUrl(res.url);
    } catch (e) {
      if (e instanceof ApiError && (e.fields.amountCents || e.fields.email)) {
        if (e.fields.amountCents) setError('amount', { type: 'server', message: e.fields.amountCents });
        if (e.fields.email) setError('email', { type: 'server', message: e.fields.email });
        return;
      }
      // SPEC.md §8: 'Erro no Checkout' when the payment could not start, 'Erro na Doação' otherwise;
      // no payments on this server (turned off since the page loaded) says so.
      const checkout = e instanceof ApiError && (e.code === 'CHECKOUT_FAILED' || e.code === 'PROVIDER_UNAVAILABLE');
      const err =
        e instanceof ApiError && e.code === 'PAYMENTS_NOT_CONFIGURED'
          ? { title: t('payments.offTitle'), text: e.message || t('errors:PAYMENTS_NOT_CONFIGURED') }
          : checkout
            ? { title: t('donate.checkoutErrorTitle'), text: t('donate.checkoutErrorText') }
            : { title: t('donate.donationErrorTitle'), text: t('donate.donationErrorText') };
      setFormError(err);
      toast({ variant: 'destructive', title: err.title, description: err.text });
    }
  };

  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      {/* Phones: the heading, the form, then why to give; wide screens: the form beside both. */}
      <div className="mx-auto grid max-w-5xl items-start gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-2 lg:gap-x-12 lg:gap-y-0">
        <div className="lg:col-start-1 lg:row-start-1">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Icon className="h-6 w-6">
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            </Icon>
          </span>
          <h1 className="mt-4 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
            {t('donate.title')}
          </h1>
          <p className="mt-3 text-base leading-7 text-stone-700 sm:text-lg">{t('donate.lead')}</p>
        </div>
        <Card className="p-5 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} className="grid gap-5">
            <h2 className="font-serif text-xl font-semibold text-stone-900">{t('donate.formTitle')}</h2>
            {payments.off ? (
              <div id="payments-off">
                <Alert variant="warning" title={t('payments.offTitle')}>
                  {t('payments.offDonations')}
                </Alert>
              </div>
            ) : null}
            <fieldset>
              <legend className="text-sm font-medium text-stone-800">{t('donate.presets')}</legend>
              <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {DONATION_PRESETS_CENTS.map((c) => (
                  <button
                    key={c}
                    type="button"
                    aria-pressed={cents === c}
                    onClick={() => pick(c)}
                    className={`min-h-11 rounded-lg border px-3 text-base font-semibold tabular-nums transition-colors ${
                      cents === c
                        ? 'border-brand-700 bg-brand-700 text-white'
                        : 'border-stone-300 bg-white text-stone-800 hover:border-brand-400 hover:bg-brand-50'
                    }`}
                  >
                    {money(c)}
                  </button>
                ))}
              </div>
            </fieldset>
            <Field
              label={t('donate.amount')}
              required
              error={message(errors.amount?.message)}
              hint={t('donate.bounds', { min: money(DONATION_MIN_CENTS), max: money(DONATION_MAX_CENTS) })}
            >
              {(a) => (
                <div className="relative">
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base font-semibold text-stone-500"
                  >
                    R$
                  </span>
                  <Input
                    {...a}
                    inputMode="decimal"
                    autoComplete="transaction-amount"
                    placeholder={formatAmountInput(5000, locale)}
                    className="pl-11 text-lg font-semibold tabular-nums"
                    {...register('amount')}
                  />
                </div>
              )}
            </Field>
            {user ? (
              account ? (
                <p className="text-sm text-stone-600">{t('donate.receiptTo', { email: account.email })}</p>
              ) : null
            ) : (
              <Field
                label={t('donate.email')}
                optionalText={t('donate.optional')}
                error={message(errors.email?.message)}
                hint={t('donate.emailHint')}
              >
                {(a) => <EmailInput {...a} {...register('email')} />}
              </Field>
            )}

            {formError ? (
              <Alert ref={alertRef} tabIndex={-1} variant="error" title={formError.title}>
                {formError.text}
              </Alert>
            ) : null}

            <Button
              type="submit"
              size="lg"
              block
              busy={busy}
              busyLabel={t('processing')}
              disabled={payments.off}
              aria-describedby={payments.off ? 'payments-off' : undefined}
            >
              {cents !== null ? t('donate.submitAmount', { amount: money(cents) }) : t('donate.submit')}
            </Button>
            <p className="flex items-center justify-center gap-2 text-center text-sm text-stone-600">
              <Icon className="h-4 w-4 shrink-0">
                <rect x="5" y="11" width="14" height="10" rx="2" />
                <path d="M8 11V7a4 4 0 0 1 8 0v4" />
              </Icon>
              {t('donate.secure')}
            </p>
          </form>
        </Card>

        <div className="lg:col-start-1 lg:row-start-2">
          <p className="border-l-4 border-brand-300 pl-4 font-serif text-lg italic leading-relaxed text-stone-800 lg:mt-6">
            {t('donate.note')}
          </p>
          <ul className="mt-6 grid gap-3 text-stone-700">
            {(['free', 'content', 'care'] as const).map((k) => (
              <li key={k} className="flex gap-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700">
                  <path d="M20 6 9 17l-5-5" />
                </Icon>
                <span>{t(`donate.uses.${k}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
