import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModerationLogRow } from '@candeia/shared/schemas/moderation';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useModerationLog } from '../api/get-moderation-log.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;
const TONES: Record<ModerationLogRow['action'], BadgeTone> = {
  approve: 'success',
  hide: 'warning',
  remove: 'danger',
  sensitive: 'neutral',
  dismiss: 'info',
  suspend: 'danger',
  unsuspend: 'success',
  settings: 'brand',
};

/** The moderation log, newest first, a page at a time: who did what, to whom, why and when. */
export function ModerationLog() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const log = useModerationLog({ page, pageSize: PAGE_SIZE });

  const target = (r: ModerationLogRow) => {
    if (r.targetType === 'settings') return t('moderation.log.targets.settings');
    if (!r.member) return t('moderation.log.targets.gone');
    return t(`moderation.log.targets.${r.targetType}`, { name: r.member.name });
  };
  const action = (r: ModerationLogRow) => (
    <>
      <Badge tone={TONES[r.action]}>{t(`moderation.log.actions.${r.action}`)}</Badge>
      {r.action === 'suspend' ? (
        <span className="ml-1 text-xs text-stone-600">
          {r.until
            ? t('moderation.log.until', { date: formatDateTime(r.until, locale) })
            : t('moderation.log.untilLifted')}
        </span>
      ) : null}
    </>
  );
  const who = (r: ModerationLogRow) => r.admin?.name || r.admin?.email || t('moderation.log.goneAccount');

  return (
    <div className="grid gap-5">
      <p className="max-w-2xl text-sm text-stone-600">{t('moderation.log.lead')}</p>
      <PagedResults query={log} emptyText={t('moderation.log.empty')} onPageChange={setPage}>
        {(rows) => (
          <>
            <DataTable
              caption={t('moderation.log.caption')}
              columns={[
                t('moderation.log.at'),
                t('moderation.log.admin'),
                t('moderation.log.action'),
                t('moderation.log.target'),
                t('moderation.log.reason'),
              ]}
            >
              {rows.map((r) => (
                <tr key={r.id} className="align-top hover:bg-stone-50">
                  <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                    <time dateTime={r.at}>{formatDateTime(r.at, locale)}</time>
                  </td>
                  <td className="px-3 py-3 text-stone-800">{who(r)}</td>
                  <td className="px-3 py-3">{action(r)}</td>
                  <td className="px-3 py-3 text-stone-800">
                    {target(r)}
                    {r.member ? <span className="block text-xs text-stone-600">@{r.member.handle}</span> : null}
                  </td>
                  <td className="max-w-72 whitespace-pre-wrap break-words px-3 py-3 text-stone-700">
                    {r.reason || '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
            <ul className="grid gap-3 md:hidden" aria-label={t('moderation.log.caption')}>
              {rows.map((r) => (
                <li key={r.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-2">{action(r)}</div>
                  <p className="mt-2 font-semibold text-stone-900">{target(r)}</p>
                  <p className="text-sm text-stone-600">
                    {who(r)} · <time dateTime={r.at}>{formatDateTime(r.at, locale)}</time>
                  </p>
                  {r.reason ? (
                    <p className="mt-2 whitespace-pre-wrap break-words text-sm text-stone-800">{r.reason}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedResults>
    </div>
  );
}
