import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RESET_TOKEN_TTL_MS } from '@candeia/shared/constants';
import { resetConfirmSchema, resetRequestSchema } from '@candeia/shared/schemas/auth';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages, withPasswordMatch } from '../../../lib/forms.ts';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { usePasswordTexts } from '../hooks/use-password-texts.ts';
import { AuthShell } from './auth-shell.tsx';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * Password reset: without ?token an e-mail form; with ?token the token is kept in memory,
 * removed from the address bar at once, and a new-password form follows.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [token, setToken] = useState<string | null>(() => params.get('token'));

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);

  return token !== null ? <ConfirmForm token={token} onRequestNew={() => setToken(null)} /> : <RequestForm />;
}

type RequestIn = z.input<typeof resetRequestSchema>;
type RequestOut = z.output<typeof resetRequestSchema>;

function RequestForm() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestIn, unknown, RequestOut>({
    resolver: zodResolver(resetRequestSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = async (values: RequestOut) => {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (e) {
      setFormError(apiMessage(e));
    }
  };

  return (
    <AuthShell title={t('reset.requestTitle')} lead={sentTo ? undefined : t('reset.requestLead')}>
      <Card className="p-5 sm:p-8">
        {sentTo ? (
          <div className="grid gap-5">
            <Alert variant="success" title={t('reset.sentTitle')}>
              {t('reset.sent', { email: sentTo, hours: RESET_TOKEN_TTL_MS / 3_600_000 })}
            </Alert>
            <p className="text-sm text-stone-600">{t('reset.sentHelp')}</p>
            <Link to={paths.login()} className={buttonClasses({ variant: 'outline', block: true })}>
              {t('reset.backToLogin')}
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
            <Field label={t('fields.email')} error={message(errors.email?.message)}>
              {(a) => <EmailInput {...a} {...register('email')} />}
            </Field>
            {formError ? (
              <Alert variant="error" title={t('reset.failed')}>
                {formError}
              </Alert>
            ) : null}
            <Button type="submit" size="lg" block busy={isSubmitting} busyLabel={t('reset.sending')}>
              {t('reset.requestSubmit')}
            </Button>
          </form>
        )}
      </Card>
      <p className="mt-6 text-center text-sm text-stone-600">
        {t('reset.remembered')}{' '}
        <Link to={paths.login()} className={linkClass}>
          {t('reset.toLogin')}
        </Link>
      </p>
    </AuthShell>
  );
}

type ConfirmIn = z.input<typeof resetConfirmSchema>;
type ConfirmOut = z.output<typeof resetConfirmSchema>;

function ConfirmForm({ token, onRequestNew }: { token: string; onRequestNew: () => void }) {
  const { t } = useTranslation('auth');
  const { message, apiMessage } = useMessages();
  const confirm = useConfirmPasswordReset();
  const passwordTexts = usePasswordTexts();
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(() =>
    TOKEN_PATTERN.test(token) ? null : t('validation:token.invalid'),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmIn, unknown, ConfirmOut>({
    resolver: withPasswordMatch(zodResolver(resetConfirmSchema), 'password', 'confirmPassword'),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const password = watch('password') ?? '';

  const onSubmit = async (values: ConfirmOut) => {
    setFormError(null);
    try {
      await confirm.mutateAsync(values);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'AUTH_RESET_INVALID' || e.fields.token)) {
        setInvalid(e.fields.token ?? apiMessage(e));
        return;
      }
      setFormError(apiMessage(e));
      if (e instanceof ApiError) {
        for (const name of ['password', 'confirmPassword'] as const) {
          const msg = e.fields[name];
          if (msg) setError(name, { type: 'server', message: msg });
        }
      }
    }
  };

  useEffect(() => {
    if (done || invalid) headingRef.current?.focus();
  }, [done, invalid]);

  if (done) {
    return (
      <AuthShell title={t('reset.doneTitle')}>
        <Card className="grid gap-5 p-5 sm:p-8">
          <Alert ref={headingRef} tabIndex={-1} variant="success">
            {t('reset.done')}
          </Alert>
          <Link to={paths.login()} className={buttonClasses({ block: true, size: 'lg' })}>
            {t('reset.toLogin')}
          </Link>
        </Card>
      </AuthShell>
    );
  }

  if (invalid) {
    return (
      <AuthShell title={t('reset.invalidTitle')}>
        <Card className="grid gap-5 p-5 sm:p-8">
          <Alert ref={headingRef} tabIndex={-1} variant="error">
            {invalid}
          </Alert>
          <Button size="lg" block onClick={onRequestNew}>
            {t('reset.requestNew')}
          </Button>
        </Card>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('reset.confirmTitle')} lead={t('reset.confirmLead')}>
      <Card className="p-5 sm:p-8">
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
          <NewPasswordFields
            rulesId="reset-password-rules"
            value={password}
            texts={passwordTexts}
            password={{
              label: t('fields.newPassword'),
              error: message(errors.password?.message),
              input: register('password'),
            }}
            confirm={{
              label: t('fields.confirmPassword'),
              error: message(errors.confirmPassword?.message),
              input: register('confirmPassword'),
            }}
          />
          {formError ? (
            <Alert variant="error" title={t('reset.failed')}>
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" block busy={isSubmitting} busyLabel={t('reset.saving')}>
            {t('reset.confirmSubmit')}
          </Button>
        </form>
      </Card>
    </AuthShell>
  );
}
