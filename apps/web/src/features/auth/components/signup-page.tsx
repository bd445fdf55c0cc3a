import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { GENDERS, TRIAL_DAYS } from '@candeia/shared/constants';
import { signUpSchema } from '@candeia/shared/schemas/auth';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormSection } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput, Input } from '../../../components/ui/input.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages, withPasswordMatch } from '../../../lib/forms.ts';
import { safeReturnPath, signedInDestination } from '../../../lib/return-path.ts';
import { useSignUp } from '../api/sign-up.ts';
import { usePasswordTexts } from '../hooks/use-password-texts.ts';
import { AuthShell } from './auth-shell.tsx';
import { AcceptTermsCheckbox, ReferralCodeSection } from './signup-parts.tsx';
import { SocialButtons } from './social-buttons.tsx';

type SignUpIn = z.input<typeof signUpSchema>;
type SignUpOut = z.output<typeof signUpSchema>;

const FIELDS: ReadonlyArray<Path<SignUpIn>> = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'birthDate',
  'gender',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
  'acceptTerms',
  'referralCode',
];

const isField = (name: string): name is Path<SignUpIn> => (FIELDS as readonly string[]).includes(name);

/** Registration (SPEC.md §3): every field, the shared schema, server errors on their fields. */
export default function SignUpPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // An in-app path to go back to (e.g. /subscription to subscribe), carried to the other form.
  const next = safeReturnPath(params.get('next'));
  const signUp = useSignUp();
  const passwordTexts = usePasswordTexts();
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const ref = (params.get('ref') ?? '').trim().toUpperCase().slice(0, 20);
  const defaultValues: DefaultValues<SignUpIn> = {
    email: '',
    password: '',
    confirmPassword: '',
    firstName: '',
    lastName: '',
    phone: '',
    address: '',
    city: '',
    state: '',
    country: t('signup.defaultCountry'),
    zipCode: '',
    birthDate: '',
    gender: '' as unknown as SignUpIn['gender'],
    acceptTerms: false as unknown as true,
    referralCode: ref,
  };

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<SignUpIn, unknown, SignUpOut>({
    resolver: withPasswordMatch(zodResolver(signUpSchema), 'password', 'confirmPassword'),
    mode: 'onTouched',
    defaultValues,
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  const password = watch('password') ?? '';
  const referralCode = watch('referralCode') ?? '';
  const err = (name: Path<SignUpIn>) => message(errors[name as keyof typeof errors]?.message as string | undefined);

  const onSubmit = async (values: SignUpOut) => {
    setFormError(null);
    // Decided before the session exists: the guards agree (PublicOnly, app/guards.tsx).
    const destination = signedInDestination(params);
    try {
      await signUp.mutateAsync(values);
      navigate(destination, { replace: true });
    } catch (e) {
      setFormError(apiMessage(e));
      // A field the server refused gets the focus once the submit ends; otherwise the message does.
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
    <AuthShell title={t('signup.title')} lead={t('signup.lead', { days: TRIAL_DAYS })} wide>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-5"
        aria-describedby="signup-required-note"
      >
        <div className="empty:hidden">
          <SocialButtons mode="signup" referralCode={referralCode.trim().toUpperCase()} />
        </div>
        <p id="signup-required-note" className="text-sm text-stone-600">
          {t('form.requiredNote')}
        </p>

        <FormSection title={t('signup.sections.account')} description={t('signup.sections.accountHint')}>
          <Field label={t('fields.email')} required error={err('email')}>
            {(a) => <EmailInput {...a} {...register('email')} />}
          </Field>
          <NewPasswordFields
            columns
            required
            rulesId="signup-password-rules"
            value={password}
            texts={passwordTexts}
            password={{ label: t('fields.password'), error: err('password'), input: register('password') }}
            confirm={{
              label: t('fields.confirmPassword'),
              error: err('confirmPassword'),
              input: register('confirmPassword'),
            }}
          />
        </FormSection>

        <FormSection title={t('signup.sections.personal')}>
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
            <Field label={t('fields.gender')} required error={err('gender')}>
              {(a) => (
                <Select {...a} autoComplete="sex" {...register('gender')}>
                  <option value="">{t('form.choose')}</option>
                  {GENDERS.map((g) => (
                    <option key={g} value={g}>
                      {t(`gender.${g}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </FormSection>

        <FormSection title={t('signup.sections.contact')}>
          <Field label={t('fields.phone')} required error={err('phone')} hint={t('fields.phoneHint')}>
            {(a) => <Input {...a} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />}
          </Field>
          <Field label={t('fields.address')} optionalText={t('form.optional')} error={err('address')}>
            {(a) => <Input {...a} autoComplete="street-address" {...register('address')} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('fields.city')} optionalText={t('form.optional')} error={err('city')}>
              {(a) => <Input {...a} autoComplete="address-level2" {...register('city')} />}
            </Field>
            <Field label={t('fields.state')} optionalText={t('form.optional')} error={err('state')}>
              {(a) => <Input {...a} autoComplete="address-level1" {...register('state')} />}
            </Field>
            <Field label={t('fields.zipCode')} optionalText={t('form.optional')} error={err('zipCode')}>
              {(a) => <Input {...a} autoComplete="postal-code" {...register('zipCode')} />}
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
            {t('signup.haveAccount')}{' '}
            <Link to={paths.login({ next })} className="font-semibold text-brand-800 underline underline-offset-2">
              {t('signup.toLogin')}
            </Link>
          </p>
        </div>
      </form>
    </AuthShell>
  );
}
