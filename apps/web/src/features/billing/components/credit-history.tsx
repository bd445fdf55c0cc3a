import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEDGER_KINDS, RESERVATION_LINE_KINDS } from '@candeia/shared/schemas/billing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCreditLedger } from '../api/get-credit-ledger.ts';
import { formatNumber } from '../lib/format.ts';

const KNOWN_KINDS: readonly string[] = [...LEDGER_KINDS, ...RESERVATION_LINE_KINDS];

/**
 * The credit history of the signed-in person, newest first: every change of the ledger, with a
 * chat answer as one line of what it cost (the server groups its hold and return).
 */
export function CreditHistory() {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const ledger = useCreditLedger(page);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const kind = (k: string) => (KNOWN_KINDS.includes(k) ? t(`ledger.kinds.${k}`) : k);

  let body;
  if (ledger.isPending) body = <Spinner />;
  else if (ledger.error) {
    body = (
      <Alert variant="error" title={t('ledger.loadFailed')}>
        {ledger.error instanceof ApiError && ledger.error.message ? ledger.error.message : t('errors:UNEXPECTED_ERROR')}
      </Alert>
    );
  } else if (ledger.data.items.length === 0) {
    body = (
      <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-600">
        {t('ledger.empty')}
      </p>
    );
  } else {
    const pages = Math.max(1, Math.ceil(ledger.data.total / ledger.data.pageSize));
    body = (
      <div aria-busy={ledger.isFetching} className={ledger.isPlaceholderData ? 'opacity-60' : ''}>
        <ul className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white shadow-sm">
          {ledger.data.items.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-medium text-stone-900">{kind(e.kind)}</span>
                {e.settlement === 'held' || e.settlement === 'refunded' ? (
                  <span className="block text-sm text-stone-600">{t(`ledger.settlement.${e.settlement}`)}</span>
                ) : null}
                <time dateTime={e.createdAt} className="block text-sm tabular-nums text-stone-600">
                  {when.format(new Date(e.createdAt))}
                </time>
              </span>
              <span className="text-right">
                <span
                  className={`block font-semibold tabular-nums ${e.delta >= 0 ? 'text-emerald-800' : 'text-stone-800'}`}
                >
                  {`${e.delta > 0 ? '+' : e.delta < 0 ? '−' : ''}${formatNumber(Math.abs(e.delta), locale)}`}
                </span>
                <span className="block text-xs tabular-nums text-stone-600">
                  {t('ledger.balanceAfter', { formatted: formatNumber(e.balanceAfter, locale) })}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <Pagination
            page={ledger.data.page}
            pageCount={pages}
            onPageChange={setPage}
            disabled={ledger.isFetching}
            label={t('ledger.pagination')}
            previousLabel={t('ledger.previous')}
            nextLabel={t('ledger.next')}
            summary={t('ledger.summary', { page: ledger.data.page, pages })}
          />
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="ledger-title" className="mt-10">
      <h2 id="ledger-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('ledger.title')}
      </h2>
      <p className="mt-1 text-stone-600">{t('ledger.lead')}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}
