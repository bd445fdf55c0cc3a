import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TRIAL_DAYS } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import {
  socialSignUpSchema,
  type SocialPending,
  type SocialSignUpData,
  type SocialSignUpInput,
} from '@candeia/shared/schemas/social';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormSection } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { signedInDestination } from '../../../lib/return-path.ts';
import { useSocialSignUp } from '../api/social.ts';
import { AuthShell } from './auth-shell.tsx';
import { AcceptTermsCheckbox, ReferralCodeSection } from './signup-parts.tsx';
import { forgetSocialRef, rememberedSocialRef } from './social-buttons.tsx';
import { WithPendingSocial } from './social-pending.tsx';

const FIELDS: ReadonlyArray<Path<SocialSignUpInput>> = [
  'firstName',
  'lastName',
  'birthDate',
  'country',
  'acceptTerms',
  'referralCode',
];
const isField = (name: string): name is Path<SocialSignUpInput> => (FIELDS as readonly string[]).includes(name);

/** /signup/social: a provider verified the address; the sign-up asks only what it did not give. */
export default function SocialSignUpPage() {
  return <WithPendingSocial step="signup">{(pending) => <SocialSignUpForm pending={pending} />}</WithPendingSocial>;
}

function SocialSignUpForm({ pending }: { pending: SocialPending }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSocialSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const defaultValues: DefaultValues<SocialSignUpInput> = {
    firstName: pending.firstName,
    lastName: pending.lastName,
    country: t('signup.defaultCountry'),
    birthDate: '',
    acceptTerms: false as unknown as true,
    referralCode: rememberedSocialRef(),
  };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<SocialSignUpInput, unknown, SocialSignUpData>({
    resolver: zodResolver(socialSignUpSchema),
    mode: 'onTouched',
    defaultValues,
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);
  const err = (name: Path<SocialSignUpInput>) =>
    message(errors[name as keyof typeof errors]?.message as string | undefined);

  const onSubmit = async (values: SocialSignUpData) => {
    setFormError(null);
    // Decided before the session exists: the guards agree (PublicOnly, app/guards.tsx).
    const destination = signedInDestination(params);
    try {
      await signUp.mutateAsync(values);
      forgetSocialRef();
      navigate(destination, { replace: true });
    } catch (e) {
      setFormError(apiMessage(e));
      let onField = false;
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          if (!isField(name)) continue;
          setError(name, { type: 'server', message: msg });
          onField = true;
        }
      }
      if (!onField) requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  return (
    <AuthShell
      title={t('social.signup.title')}
      lead={t('social.signup.lead', { provider: pending.provider.name, days: TRIAL_DAYS })}
      wide
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-5"
        aria-describedby="social-signup-required-note"
      >
        <p id="social-signup-required-note" className="text-sm text-stone-600">
          {t('form.requiredNote')}
        </p>
        <FormSection title={t('signup.sections.personal')}>
          <dl className="mb-4">
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
              {t('social.signup.email', { provider: pending.provider.name })}
            </dt>
            <dd className="mt-1 break-all text-sm text-stone-900">{pending.email}</dd>
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.firstName')} required error={err('firstName')}>
              {(a) => <Input {...a} autoComplete="given-name" {...register('firstName')} />}
            </Field>
            <Field label={t('fields.lastName')} required error={err('lastName')}>
              {(a) => <Input {...a} autoComplete="family-name" {...register('lastName')} />}
            </Field>
            <Field label={t('fields.birthDate')} required error={err('birthDate')}>
              {(a) => (
                <Input
                  {...a}
                  type="date"
                  autoComplete="bday"
                  max={new Date().toISOString().slice(0, 10)}
                  {...register('birthDate')}
                />
              )}
            </Field>
            <Field label={t('fields.country')} required error={err('country')}>
              {(a) => <Input {...a} autoComplete="country-name" {...register('country')} />}
            </Field>
          </div>
        </FormSection>

        <ReferralCodeSection registration={register('referralCode')} error={err('referralCode')} />

        <div className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <AcceptTermsCheckbox registration={register('acceptTerms')} error={err('acceptTerms')} />

          {formError ? (
            <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('signup.failed')}>
              {formError}
            </Alert>
          ) : null}

          <Button type="submit" size="lg" block busy={isSubmitting} busyLabel={t('signup.submitting')}>
            {t('signup.submit')}
          </Button>
          <p className="text-center text-sm text-stone-600">
            {t('social.signup.other')}{' '}
            <Link to={paths.signup()} className="font-semibold text-brand-800 underline underline-offset-2">
              {t('social.signup.toSignup')}
            </Link>
          </p>
        </div>
      </form>
    </AuthShell>
  );
}
