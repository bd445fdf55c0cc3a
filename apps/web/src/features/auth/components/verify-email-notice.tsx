import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/messages.ts';
import { accountOf, sessionKey, useSessionUser } from '../../../lib/queries/session.ts';
import { useResendVerification } from '../api/resend-verification.ts';

interface Feedback {
  tone: 'success' | 'error';
  text: string;
}

const MailIcon = ({ className }: { className: string }) => (
  <Icon className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Icon>
);

/**
 * The gentle "confirme seu e-mail" of a signed-in member whose address is not verified yet, with
 * a button that mails a new link and says how it went. `bar` sits at the top of each screen
 * (app/layout/email-notice-slot.tsx); `panel` goes inside a screen (the profile). Nothing at all once the address is verified.
 */
export function VerifyEmailNotice({
  variant = 'bar',
  waitForTexts = false,
}: {
  variant?: 'bar' | 'panel';
  /** Suspend until the texts are there (the bar shown with its screen), instead of showing nothing. */
  waitForTexts?: boolean;
}) {
  const { t, ready } = useTranslation(['auth', 'errors'], { useSuspense: waitForTexts });
  const { apiMessage } = useMessages();
  // The account's details (never known offline: then there is nothing to say).
  const user = accountOf(useSessionUser().user);
  const qc = useQueryClient();
  const resend = useResendVerification();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  if (!ready || !user || user.emailVerified) return null;

  const onResend = async () => {
    setFeedback(null);
    try {
      const sent = await resend.mutateAsync();
      setFeedback({ tone: 'success', text: t('verify.notice.sent', { email: sent.email }) });
    } catch (e) {
      // Confirmed meanwhile (in another tab, or on another device): the notice goes away.
      if (e instanceof ApiError && e.code === 'EMAIL_ALREADY_VERIFIED')
        void qc.invalidateQueries({ queryKey: sessionKey });
      setFeedback({ tone: 'error', text: apiMessage(e) });
    }
  };

  const status = (
    <p
      role="status"
      className={`text-sm ${feedback?.tone === 'error' ? 'font-semibold text-red-800' : 'text-emerald-900'}`}
    >
      {feedback?.text}
    </p>
  );
  const button = (
    <Button
      size="sm"
      variant="outline"
      busy={resend.isPending}
      busyLabel={t('verify.notice.sending')}
      onClick={() => void onResend()}
      className="self-start whitespace-nowrap sm:self-auto"
    >
      {t('verify.notice.resend')}
    </Button>
  );

  if (variant === 'panel') {
    return (
      <section
        aria-labelledby="verify-email-notice-title"
        className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-950"
      >
        <div className="flex items-start gap-3">
          <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <div className="min-w-0 space-y-1 text-sm leading-6">
            <h3 id="verify-email-notice-title" className="font-semibold">
              {t('verify.notice.title')}
            </h3>
            <p>{t('verify.notice.text', { email: user.email })}</p>
            <p>{t('verify.notice.why')}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
          {button}
          {status}
        </div>
      </section>
    );
  }

  return (
    <aside aria-label={t('verify.notice.label')} className="border-b border-brand-200 bg-brand-50 text-brand-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2 text-sm leading-6 sm:items-center">
          <MailIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 sm:mt-0" />
          <span>
            <strong className="font-semibold">{t('verify.notice.title')}</strong>{' '}
            {t('verify.notice.text', { email: user.email })}
          </span>
        </p>
        <div className="flex flex-col gap-1 sm:flex-row-reverse sm:items-center sm:gap-3">
          {button}
          {status}
        </div>
      </div>
    </aside>
  );
}
