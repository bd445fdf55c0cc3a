import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { socialLinkSchema, type SocialLinkInput, type SocialPending } from '@candeia/shared/schemas/social';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { signedInDestination } from '../../../lib/return-path.ts';
import { useSocialLink } from '../api/social.ts';
import { AuthShell } from './auth-shell.tsx';
import { WithPendingSocial } from './social-pending.tsx';

/**
 * /login/social: the provider's verified address already has an account. Its password proves
 * it is the member's (the password sign-in itself, with its limits and messages), then the
 * provider is linked and the member signed in.
 */
export default function SocialLinkPage() {
  return <WithPendingSocial step="link">{(pending) => <SocialLinkForm pending={pending} />}</WithPendingSocial>;
}

function SocialLinkForm({ pending }: { pending: SocialPending }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const link = useSocialLink();
  const [formError, setFormError] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SocialLinkInput>({
    resolver: zodResolver(socialLinkSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const onSubmit = async (values: SocialLinkInput) => {
    setFormError(null);
    const destination = signedInDestination(params);
    try {
      await link.mutateAsync(values);
      navigate(destination, { replace: true });
    } catch (e) {
      setFormError(apiMessage(e));
      if (e instanceof ApiError && e.fields.password)
        setError('password', { type: 'server', message: e.fields.password });
      requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  return (
    <AuthShell
      title={t('social.link.title')}
      lead={t('social.link.lead', { provider: pending.provider.name, email: pending.email })}
    >
      <Card className="p-5 sm:p-8">
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
          {/* The account's address, for the browser's password manager. */}
          <input type="email" name="username" autoComplete="username" value={pending.email} readOnly hidden />
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
          {formError ? (
            <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('social.link.failed')}>
              {formError}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" block busy={isSubmitting} busyLabel={t('social.link.submitting')}>
            {t('social.link.submit')}
          </Button>
          <Link
            to={paths.resetPassword()}
            className="justify-self-center text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            {t('login.forgot')}
          </Link>
        </form>
      </Card>
      <p className="mt-6 text-center text-sm text-stone-600">
        <Link to={paths.login()} className="font-semibold text-brand-800 underline underline-offset-2">
          {t('social.link.cancel')}
        </Link>
      </p>
    </AuthShell>
  );
}
