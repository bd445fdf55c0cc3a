import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { loginSchema } from '@candeia/shared/schemas/auth';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput, PasswordInput } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { safeReturnPath, signedInDestination } from '../../../lib/return-path.ts';
import { useLogin } from '../api/login.ts';
import { AuthShell } from './auth-shell.tsx';
import { SocialButtons, SocialErrorAlert } from './social-buttons.tsx';

type LoginIn = z.input<typeof loginSchema>;
type LoginOut = z.output<typeof loginSchema>;

/** Sign in (SPEC.md §2): the server's translated message for every error of SPEC.md §8. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expired = params.get('expired') === '1';
  // An in-app path to go back to (e.g. /subscription to subscribe), carried to the other form.
  const next = safeReturnPath(params.get('next'));
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [paymentFailed, setPaymentFailed] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginIn, unknown, LoginOut>({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginOut) => {
    setFormError(null);
    // Decided before the session exists: the guards agree (PublicOnly, app/guards.tsx).
    const destination = signedInDestination(params);
    setPaymentFailed(false);
    try {
      await login.mutateAsync(values);
      navigate(destination, { replace: true });
    } catch (e) {
      setFormError(apiMessage(e));
      setPaymentFailed(e instanceof ApiError && e.code === 'AUTH_PAYMENT_FAILED');
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          if (name === 'email' || name === 'password')
            setError(name as Path<LoginIn>, { type: 'server', message: msg });
        }
      }
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  return (
    <AuthShell title={t('login.title')} lead={t('login.lead')}>
      {expired ? (
        <Alert variant="warning" title={t('login.expiredTitle')} className="mb-4">
          {t('login.expired')}
        </Alert>
      ) : null}
      <SocialErrorAlert value={params.get('social_error')} title={t('social.errorTitle')} className="mb-4" />
      <Card className="p-5 sm:p-8">
        <div className="mb-5 empty:hidden">
          <SocialButtons mode="login" />
        </div>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
          <Field label={t('fields.email')} error={message(errors.email?.message)}>
            {(a) => <EmailInput {...a} autoComplete="username" {...register('email')} />}
          </Field>
          <div className="grid gap-1.5">
            <Field label={t('fields.password')} error={message(errors.password?.message)}>
              {(a) => (
                <PasswordInput
                  {...a}
                  autoComplete="current-password"
                  showLabel={t('password.show')}
                  hideLabel={t('password.hide')}
                  {...register('password')}
                />
              )}
            </Field>
            <Link
              to={paths.resetPassword()}
              className="justify-self-end text-sm font-semibold text-brand-800 underline underline-offset-2"
            >
              {t('login.forgot')}
            </Link>
          </div>

          {formError ? (
            <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('login.failed')}>
              {formError}
              {paymentFailed ? (
                <Link to={paths.subscription()} className="mt-2 block font-semibold underline underline-offset-2">
                  {t('login.seePlans')}
                </Link>
              ) : null}
            </Alert>
          ) : null}

          <Button type="submit" size="lg" block busy={isSubmitting} busyLabel={t('login.submitting')}>
            {t('login.submit')}
          </Button>
        </form>
      </Card>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t('login.noAccount')}{' '}
        <Link to={paths.signup({ next })} className="font-semibold text-brand-800 underline underline-offset-2">
          {t('login.toSignup')}
        </Link>
      </p>
    </AuthShell>
  );
}
