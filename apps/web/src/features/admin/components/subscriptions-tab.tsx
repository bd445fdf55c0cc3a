import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_STATUSES } from '@candeia/shared/constants';
import type { AdminSubscriptionRow } from '@candeia/shared/schemas/billing';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { isKnownStatus, statusTone } from '../../../lib/subscription-status.ts';
import { useAdminSubscriptions } from '../api/get-admin-subscriptions.ts';
import { formatDateTime, formatDay } from '../lib/format.ts';
import { formatCount } from '../lib/money.ts';
import { DataTable } from './data-table.tsx';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;

/** Who grants credits from a row of the list. */
export interface GrantTarget {
  userId: string;
  email: string;
}

/** Subscriptions: filtered by status, searched by e-mail or name; each row can receive credits. */
export function SubscriptionsTab({ onGrant }: { onGrant: (target: GrantTarget) => void }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [draft, setDraft] = useState({ status: '', q: '' });
  const [applied, setApplied] = useState({ status: '', q: '' });
  const [page, setPage] = useState(1);
  const subs = useAdminSubscriptions({
    status: applied.status || undefined,
    q: applied.q || undefined,
    page,
    pageSize: PAGE_SIZE,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied({ status: draft.status, q: draft.q.trim() });
    setPage(1);
  };
  const statusLabel = (s: string | null) => (s === null ? t('status.none') : isKnownStatus(s) ? t(`status.${s}`) : s);

  const badges = (r: AdminSubscriptionRow) => (
    <span className="flex flex-wrap gap-1">
      <Badge tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge>
      {r.isTrial && r.status !== 'trialing' ? <Badge tone="info">{t('billing.subscriptions.trial')}</Badge> : null}
      {r.cancelAtPeriodEnd ? <Badge tone="warning">{t('billing.subscriptions.canceling')}</Badge> : null}
    </span>
  );
  const grantButton = (r: AdminSubscriptionRow) => (
    <Button
      size="sm"
      variant="outline"
      onClick={() => onGrant({ userId: r.userId, email: r.email })}
      aria-label={t('billing.subscriptions.grantLabel', { email: r.email })}
      className="whitespace-nowrap"
    >
      {t('billing.subscriptions.grant')}
    </Button>
  );

  return (
    <div className="grid gap-5">
      <form
        role="search"
        aria-label={t('billing.subscriptions.filters')}
        onSubmit={apply}
        className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
      >
        <Field label={t('billing.subscriptions.status')}>
          {(a) => (
            <Select {...a} value={draft.status} onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}>
              <option value="">{t('billing.allStatuses')}</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('billing.subscriptions.search')}>
          {(a) => (
            <Input
              {...a}
              type="search"
              placeholder={t('users.searchPlaceholder')}
              value={draft.q}
              onChange={(e) => setDraft((d) => ({ ...d, q: e.target.value }))}
            />
          )}
        </Field>
        <Button type="submit">{t('security.apply')}</Button>
      </form>

      <p className="text-sm text-stone-600" aria-live="polite">
        {subs.data ? t('billing.subscriptions.count', { count: subs.data.total }) : null}
      </p>

      <PagedResults query={subs} emptyText={t('billing.subscriptions.empty')} onPageChange={setPage}>
        {(rows) => (
          <>
            <DataTable
              caption={t('billing.subscriptions.caption')}
              columns={[
                t('billing.subscriptions.user'),
                t('billing.subscriptions.plan'),
                t('billing.subscriptions.status'),
                t('billing.subscriptions.credits'),
                t('billing.subscriptions.periodEnd'),
                t('billing.subscriptions.updated'),
                t('billing.plans.actions'),
              ]}
            >
              {rows.map((r) => (
                <tr key={r.userId} className="align-top hover:bg-stone-50">
                  <td className="px-3 py-3">
                    <span className="block break-all font-medium text-stone-900">{r.email}</span>
                    <span className="block text-stone-600">{r.firstName || '—'}</span>
                  </td>
                  <td className="px-3 py-3 text-stone-800">{r.planName ?? '—'}</td>
                  <td className="px-3 py-3">{badges(r)}</td>
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-800">
                    {formatCount(r.creditsRemaining, locale)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                    {r.currentPeriodEnd ? (
                      <time dateTime={r.currentPeriodEnd}>{formatDay(r.currentPeriodEnd, locale)}</time>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                    <time dateTime={r.updatedAt}>{formatDateTime(r.updatedAt, locale)}</time>
                  </td>
                  <td className="px-3 py-3">{grantButton(r)}</td>
                </tr>
              ))}
            </DataTable>
            <ul className="grid gap-3 md:hidden" aria-label={t('billing.subscriptions.caption')}>
              {rows.map((r) => (
                <li key={r.userId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                  <p className="break-all font-semibold text-stone-900">{r.email}</p>
                  <p className="text-sm text-stone-600">
                    {r.firstName || '—'} · {r.planName ?? '—'}
                  </p>
                  <div className="mt-3">{badges(r)}</div>
                  <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
                    <div>
                      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                        {t('billing.subscriptions.credits')}
                      </dt>
                      <dd className="tabular-nums text-stone-800">{formatCount(r.creditsRemaining, locale)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                        {t('billing.subscriptions.periodEnd')}
                      </dt>
                      <dd className="tabular-nums text-stone-800">
                        {r.currentPeriodEnd ? formatDay(r.currentPeriodEnd, locale) : '—'}
                      </dd>
                    </div>
                  </dl>
                  <div className="mt-3">{grantButton(r)}</div>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedResults>
    </div>
  );
}
