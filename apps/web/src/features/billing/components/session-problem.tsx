import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/**
 * A checkout link that cannot be used (missing, unknown, paid already, expired, failed):
 * what happened, and a way back to the plans or the donations.
 */
export function SessionProblem({
  title,
  text,
  tone = 'neutral',
  kind,
  action,
}: {
  title: string;
  text: ReactNode;
  tone?: 'neutral' | 'danger';
  /** What the session was for, when known: the way back leads there. */
  kind?: 'subscription' | 'donation' | null;
  /** An extra, primary action (try again, see the confirmation). */
  action?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-12 text-center">
      <span
        className={`flex h-14 w-14 items-center justify-center rounded-full ring-1 ${
          tone === 'danger' ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-stone-100 text-stone-600 ring-stone-200'
        }`}
      >
        <Icon className="h-7 w-7">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 8v5m0 3h.01" />
        </Icon>
      </span>
      <h1 className="mt-5 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      <div className="mt-3 text-base leading-7 text-stone-600">{text}</div>
      <div className="mt-8 flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:justify-center">
        {action}
        {kind !== 'donation' ? (
          <Link
            to={paths.subscription()}
            className={buttonClasses({ variant: action ? 'outline' : 'primary', className: 'w-full sm:w-auto' })}
          >
            {t('session.toPlans')}
          </Link>
        ) : null}
        {kind !== 'subscription' ? (
          <Link
            to={paths.donations()}
            className={buttonClasses({
              variant: action || kind !== 'donation' ? 'outline' : 'primary',
              className: 'w-full sm:w-auto',
            })}
          >
            {t('session.toDonations')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** A checkout session that could not be read: unknown (404), or a failure with a retry. */
export function SessionLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation(['billing', 'errors']);
  if (error instanceof ApiError && error.status === 404) {
    return <SessionProblem title={t('session.notFoundTitle')} text={t('session.notFoundText')} />;
  }
  return (
    <SessionProblem
      tone="danger"
      title={t('session.loadFailedTitle')}
      text={error instanceof ApiError && error.message ? error.message : t('errors:UNEXPECTED_ERROR')}
      action={
        <Button className="w-full sm:w-auto" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}
