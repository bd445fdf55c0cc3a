import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTBOX_STATUSES, type OutboxStatus } from '@candeia/shared/schemas/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useOutbox } from '../api/get-outbox.ts';
import { formatDateTime } from '../lib/format.ts';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;
const KINDS = ['password_reset', 'email_verification', 'account_locked', 'contact', 'account_export'];
const STATUS_TONES: Record<OutboxStatus, BadgeTone> = {
  outbox: 'neutral',
  queued: 'warning',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};
const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Mail text with its web addresses as links (a reset link can be followed from here). */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a
        key={i}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all font-semibold text-brand-800 underline underline-offset-2"
      >
        {part}
      </a>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
}

export function OutboxTab() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const outbox = useOutbox({ page, pageSize: PAGE_SIZE });
  const delivery = outbox.data?.delivery;

  return (
    <div className="grid gap-5">
      {delivery === 'smtp' ? (
        <Alert variant="info" title={t('outbox.modeSmtpTitle')}>
          {t('outbox.modeSmtp')}
        </Alert>
      ) : delivery === 'outbox' ? (
        <Alert variant="warning" title={t('outbox.modeOutboxTitle')}>
          {t('outbox.modeOutbox')}
        </Alert>
      ) : null}
      {delivery === 'smtp' && outbox.data ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-600">
          <span>{t('outbox.byStatus')}</span>
          {OUTBOX_STATUSES.filter((s) => s !== 'outbox').map((s) => (
            <Badge key={s} tone={STATUS_TONES[s]}>
              {t(`outbox.statuses.${s}`)}: <span className="tabular-nums">{outbox.data.counts[s]}</span>
            </Badge>
          ))}
        </p>
      ) : null}
      <PagedResults query={outbox} emptyText={t('outbox.empty')} onPageChange={setPage}>
        {(items) => (
          <ul className="grid gap-3">
            {items.map((m) => (
              <li key={m.id}>
                <details className="group rounded-2xl border border-stone-200 bg-white shadow-sm open:ring-2 open:ring-brand-200">
                  <summary className="flex cursor-pointer list-none items-start gap-3 rounded-2xl p-4 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className="mt-1 h-4 w-4 shrink-0 text-stone-500 transition-transform group-open:rotate-90"
                      fill="currentColor"
                    >
                      <path
                        fillRule="evenodd"
                        d="M7.2 5.2a.75.75 0 0 1 1.06 0l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 1 1-1.06-1.06L10.94 10 7.2 6.26a.75.75 0 0 1 0-1.06z"
                        clipRule="evenodd"
                      />
                    </svg>
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold text-stone-900">{m.subject}</span>
                      <span className="mt-0.5 block break-all text-sm text-stone-600">
                        {t('outbox.to')}: {m.to}
                      </span>
                      <span className="mt-2 flex flex-wrap items-center gap-2 text-xs text-stone-500">
                        <Badge tone="brand">{KINDS.includes(m.kind) ? t(`outbox.kinds.${m.kind}`) : m.kind}</Badge>
                        <time dateTime={m.createdAt} className="tabular-nums">
                          {formatDateTime(m.createdAt, locale)}
                        </time>
                        <Badge tone={STATUS_TONES[m.status] ?? 'neutral'}>{t(`outbox.statuses.${m.status}`)}</Badge>
                        {m.attempts > 1 ? <span>{t('outbox.attempts', { count: m.attempts })}</span> : null}
                        {m.status === 'sent' && m.sentAt ? (
                          <span>
                            {t('outbox.sentAt')}{' '}
                            <time dateTime={m.sentAt} className="tabular-nums">
                              {formatDateTime(m.sentAt, locale)}
                            </time>
                          </span>
                        ) : null}
                        {m.status === 'queued' && m.attempts > 0 && m.nextAttemptAt ? (
                          <span>
                            {t('outbox.nextAttempt')}{' '}
                            <time dateTime={m.nextAttemptAt} className="tabular-nums">
                              {formatDateTime(m.nextAttemptAt, locale)}
                            </time>
                          </span>
                        ) : null}
                      </span>
                      {m.error && m.status !== 'sent' ? (
                        <span className="mt-1 block break-words text-xs text-red-800">
                          {t('outbox.error', { error: m.error })}
                        </span>
                      ) : null}
                    </span>
                  </summary>
                  <div className="border-t border-stone-100 px-4 pb-4 pt-3">
                    <p className="sr-only">{t('outbox.body')}</p>
                    <div className="whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-4 text-sm leading-6 text-stone-800">
                      <Linkified text={m.text} />
                    </div>
                  </div>
                </details>
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}
