import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonationDto } from '@candeia/shared/schemas/billing';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useAdminDonations } from '../api/get-admin-donations.ts';
import { formatDateTime } from '../lib/format.ts';
import { formatMoney } from '../lib/money.ts';
import { DataTable } from './data-table.tsx';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;
const STATUSES = ['pending', 'paid', 'failed'] as const;
const TONES: Record<DonationDto['status'], BadgeTone> = { pending: 'warning', paid: 'success', failed: 'danger' };

/** Donations, newest first, filtered by status. */
export function DonationsTab() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [status, setStatus] = useState<DonationDto['status'] | ''>('');
  const [page, setPage] = useState(1);
  const donations = useAdminDonations({ status: status || undefined, page, pageSize: PAGE_SIZE });

  const donor = (d: DonationDto) =>
    d.email ?? (d.userId ? t('billing.donations.account') : t('billing.donations.anonymous'));
  const statusBadge = (d: DonationDto) => (
    <Badge tone={TONES[d.status]}>{t(`billing.donations.statuses.${d.status}`)}</Badge>
  );

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field label={t('billing.donations.status')} className="sm:w-64">
          {(a) => (
            <Select
              {...a}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as DonationDto['status'] | '');
                setPage(1);
              }}
            >
              <option value="">{t('billing.allStatuses')}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`billing.donations.statuses.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <p className="text-sm text-stone-600" aria-live="polite">
          {donations.data ? t('billing.donations.count', { count: donations.data.total }) : null}
        </p>
      </div>

      <PagedResults query={donations} emptyText={t('billing.donations.empty')} onPageChange={setPage}>
        {(rows) => (
          <>
            <DataTable
              caption={t('billing.donations.caption')}
              columns={[
                t('billing.donations.created'),
                t('billing.donations.amount'),
                t('billing.donations.status'),
                t('billing.donations.donor'),
                t('billing.donations.paidAt'),
              ]}
            >
              {rows.map((d) => (
                <tr key={d.id} className="hover:bg-stone-50">
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                    <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, locale)}</time>
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 font-semibold tabular-nums text-stone-900">
                    {formatMoney(d.amountCents, d.currency, locale)}
                  </td>
                  <td className="px-3 py-3">{statusBadge(d)}</td>
                  <td className="break-all px-3 py-3 text-stone-700">{donor(d)}</td>
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                    {d.paidAt ? <time dateTime={d.paidAt}>{formatDateTime(d.paidAt, locale)}</time> : '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
            <ul className="grid gap-3 md:hidden" aria-label={t('billing.donations.caption')}>
              {rows.map((d) => (
                <li key={d.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <p className="text-lg font-semibold tabular-nums text-stone-900">
                      {formatMoney(d.amountCents, d.currency, locale)}
                    </p>
                    {statusBadge(d)}
                  </div>
                  <p className="mt-1 break-all text-sm text-stone-700">{donor(d)}</p>
                  <p className="mt-2 text-xs tabular-nums text-stone-600">
                    <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, locale)}</time>
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedResults>
    </div>
  );
}
