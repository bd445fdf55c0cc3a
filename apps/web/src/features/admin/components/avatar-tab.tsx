import { useTranslation } from 'react-i18next';
import type { AvatarUsageStatsDto } from '@candeia/shared/schemas/avatar';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useAdminAvatar, useSetAvatarAvailable } from '../api/get-admin-avatar.ts';
import { DataTable } from './data-table.tsx';

const minutes = (seconds: number) => Math.round(seconds / 60);

/** Avatar: the six counsellors (available or not) and how members use the live session. */
export function AvatarTab() {
  const { t, i18n } = useTranslation('admin');
  const { apiMessage } = useMessages();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const view = useAdminAvatar();
  const toggle = useSetAvatarAvailable();
  const day = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—';

  if (view.isPending) return <Spinner />;
  if (view.isError)
    return (
      <Alert variant="error" title={t('avatar.loadFailed')}>
        {apiMessage(view.error)}
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={() => void view.refetch()}>
            {t('avatar.retry')}
          </Button>
        </div>
      </Alert>
    );
  const { totals, rows, counsellors } = view.data;
  const usage = (s: AvatarUsageStatsDto) => [
    s.total_sessions,
    t('avatar.minutes', { count: minutes(s.total_duration_seconds) }),
    t('avatar.minutes', { count: minutes(s.average_session_duration) }),
    s.total_credits_used,
    `${s.current_week_sessions} · ${s.current_week_credits}`,
    day(s.last_session_at),
  ];

  return (
    <div className="grid gap-6">
      <p className="text-stone-600">{t('avatar.lead')}</p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          [t('avatar.members'), totals.members],
          [t('avatar.sessions'), totals.total_sessions],
          [t('avatar.time'), t('avatar.minutes', { count: minutes(totals.total_duration_seconds) })],
          [t('avatar.credits'), totals.total_credits_used],
        ].map(([label, value]) => (
          <Card key={String(label)} className="p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-stone-900">{value}</dd>
          </Card>
        ))}
      </dl>

      <section aria-labelledby="admin-avatar-counsellors">
        <h3 id="admin-avatar-counsellors" className="text-lg font-semibold text-stone-900">
          {t('avatar.counsellors')}
        </h3>
        {toggle.isError ? (
          <Alert variant="error" className="mt-2">
            {apiMessage(toggle.error)}
          </Alert>
        ) : null}
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {counsellors.map((c) => (
            <li key={c.id}>
              <Card className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">
                    {c.displayName} {c.isPremium ? <Badge tone="warning">{t('avatar.premium')}</Badge> : null}
                  </p>
                  <p className="text-sm text-stone-600">
                    {t('avatar.counsellorLine', {
                      count: c.sessionCount,
                      rating: c.rating === null ? '—' : new Intl.NumberFormat(locale).format(c.rating),
                    })}
                  </p>
                </div>
                <label className="flex shrink-0 items-center gap-2 text-sm text-stone-700">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-700"
                    checked={c.isAvailable}
                    disabled={toggle.isPending}
                    onChange={(e) => toggle.mutate({ id: c.id, isAvailable: e.target.checked })}
                  />
                  {t('avatar.available')}
                </label>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="admin-avatar-usage">
        <h3 id="admin-avatar-usage" className="text-lg font-semibold text-stone-900">
          {t('avatar.usage')}
        </h3>
        {rows.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">
            {t('avatar.empty')}
          </p>
        ) : (
          <>
            <div className="mt-3">
              <DataTable
                caption={t('avatar.usage')}
                columns={['member', 'sessions', 'time', 'average', 'credits', 'week', 'last'].map((c) =>
                  t(`avatar.col.${c}`),
                )}
              >
                {rows.map((r) => (
                  <tr key={r.userId} className="hover:bg-stone-50">
                    <td className="px-3 py-3">
                      <span className="font-medium text-stone-900">{r.name || '—'}</span>
                      <span className="block break-all text-stone-600">{r.email}</span>
                    </td>
                    {usage(r).map((v, i) => (
                      <td key={i} className="px-3 py-3 text-stone-700">
                        {v}
                      </td>
                    ))}
                  </tr>
                ))}
              </DataTable>
            </div>
            <ul className="mt-3 grid gap-3 md:hidden" aria-label={t('avatar.usage')}>
              {rows.map((r) => (
                <li key={r.userId}>
                  <Card className="p-4">
                    <p className="font-semibold text-stone-900">{r.name || r.email}</p>
                    <p className="break-all text-sm text-stone-600">{r.email}</p>
                    <p className="mt-1 text-sm text-stone-700">
                      {t('avatar.cardLine', {
                        count: r.total_sessions,
                        minutes: minutes(r.total_duration_seconds),
                        credits: r.total_credits_used,
                      })}
                    </p>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
