import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthShell } from './auth-shell.tsx';
import { VerifyEmailNotice } from './verify-email-notice.tsx';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const linkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * /verify-email?token=…: the link of the verification mail. Opening it changes nothing (a mail
 * scanner may open it too): the token is kept in memory, removed from the address bar at once,
 * and the address is verified when the person presses the button (a POST).
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const { apiMessage } = useMessages();
  const [params] = useSearchParams();
  const [token] = useState<string | null>(() => params.get('token'));
  const { user } = useSessionUser();
  const verify = useVerifyEmail();
  const [done, setDone] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(() =>
    token !== null && TOKEN_PATTERN.test(token) ? null : t('validation:token.verifyInvalid'),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has('token')) {
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    }
  }, []);

  useEffect(() => {
    if (done || invalid) headingRef.current?.focus();
  }, [done, invalid]);

  const onConfirm = async () => {
    setFormError(null);
    try {
      const res = await verify.mutateAsync({ token: token! });
      setDone(res.email);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'EMAIL_VERIFY_INVALID' || e.fields.token)) {
        setInvalid(e.fields.token ?? apiMessage(e));
        return;
      }
      // A refusal that is not about the link (too many tries, no connection): it can be tried again.
      setFormError(apiMessage(e));
    }
  };

  const next = user ? (
    <Link to={paths.start()} className={buttonClasses({ block: true, size: 'lg' })}>
      {t('verify.page.toStart')}
    </Link>
  ) : (
    <Link to={paths.login()} className={buttonClasses({ block: true, size: 'lg' })}>
      {t('verify.page.toLogin')}
    </Link>
  );

  if (done) {
    return (
      <AuthShell title={t('verify.page.doneTitle')}>
        <Card className="grid gap-5 p-5 sm:p-8">
          <Alert ref={headingRef} tabIndex={-1} variant="success">
            {t('verify.page.done', { email: done })}
          </Alert>
          {next}
        </Card>
      </AuthShell>
    );
  }

  if (invalid) {
    return (
      <AuthShell title={t('verify.page.invalidTitle')}>
        <Card className="grid gap-5 p-5 sm:p-8">
          <Alert ref={headingRef} tabIndex={-1} variant="error">
            {invalid}
          </Alert>
          {accountOf(user)?.emailVerified ? (
            <>
              <Alert variant="success">{t('verify.page.alreadyVerified')}</Alert>
              {next}
            </>
          ) : user ? (
            <VerifyEmailNotice variant="panel" />
          ) : (
            <p className="text-sm text-stone-700">
              {t('verify.page.signInForNew')}{' '}
              <Link to={paths.login({ next: paths.profile() })} className={linkClass}>
                {t('verify.page.signIn')}
              </Link>
            </p>
          )}
        </Card>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('verify.page.title')} lead={t('verify.page.lead')}>
      <Card className="grid gap-5 p-5 sm:p-8">
        {formError ? (
          <Alert variant="error" title={t('verify.page.failed')}>
            {formError}
          </Alert>
        ) : null}
        <Button
          size="lg"
          block
          busy={verify.isPending}
          busyLabel={t('verify.page.confirming')}
          onClick={() => void onConfirm()}
        >
          {t('verify.page.confirm')}
        </Button>
      </Card>
    </AuthShell>
  );
}
