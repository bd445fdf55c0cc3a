import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { SocialPending } from '@candeia/shared/schemas/social';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { usePendingSocial } from '../api/social.ts';
import { AuthShell } from './auth-shell.tsx';

/**
 * The step after a provider's round trip (/signup/social, /login/social): what the provider
 * verified, or a clear way back to the login page when the step has expired (or was never begun).
 */
export function WithPendingSocial({
  step,
  children,
}: {
  step: SocialPending['step'];
  children: (pending: SocialPending) => ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { apiMessage } = useMessages();
  const pending = usePendingSocial();

  if (pending.isPending)
    return (
      <AuthShell title={t(step === 'signup' ? 'social.signup.title' : 'social.link.title')}>
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      </AuthShell>
    );
  if (pending.error) {
    const expired = pending.error instanceof ApiError && pending.error.code === 'SOCIAL_PENDING_EXPIRED';
    return (
      <AuthShell title={t(expired ? 'social.expired.title' : 'social.loadFailed')}>
        <Alert variant={expired ? 'warning' : 'error'}>
          {expired ? t('social.expired.text') : apiMessage(pending.error)}
        </Alert>
        <div className="mt-6 grid gap-3">
          {expired ? null : (
            <Button variant="outline" size="lg" block onClick={() => void pending.refetch()}>
              {t('social.retry')}
            </Button>
          )}
          <Link to={paths.login()} className={buttonClasses({ size: 'lg', block: true })}>
            {t('social.expired.toLogin')}
          </Link>
        </div>
      </AuthShell>
    );
  }
  const data = pending.data;
  if (data.step !== step)
    return <Navigate to={data.step === 'signup' ? paths.socialSignUp() : paths.socialLink()} replace />;
  return <>{children(data)}</>;
}
