import { useTranslation } from 'react-i18next';
import type { AvatarAllowanceDto, AvatarUsageStatsDto } from '@candeia/shared/schemas/avatar';
import { useFormat } from './labels.ts';

/** "12 créditos desta semana · renova em 5 dias" (before the week's first session: when it begins). */
export function AllowanceLine({ allowance, className = '' }: { allowance: AvatarAllowanceDto; className?: string }) {
  const { t } = useTranslation('avatar');
  const format = useFormat();
  return (
    <p className={`text-stone-800 ${className}`} data-testid="avatar-allowance">
      <span className="font-semibold">{t('allowance.left', { count: allowance.remaining })}</span>
      <span aria-hidden="true"> · </span>
      <span className="text-stone-600">
        {allowance.renewsAt
          ? t('allowance.renews', { count: format.daysUntil(allowance.renewsAt) })
          : t('allowance.notStarted', { count: allowance.weekly })}
      </span>
    </p>
  );
}

/** The member's usage (SPEC.md §3's stats). */
export function UsageStats({ stats }: { stats: AvatarUsageStatsDto }) {
  const { t } = useTranslation('avatar');
  const format = useFormat();
  const items: [string, string][] = [
    [t('stats.sessions'), format.number(stats.total_sessions)],
    [t('stats.time'), format.duration(stats.total_duration_seconds)],
    [t('stats.average'), format.duration(stats.average_session_duration)],
    [t('stats.credits'), format.number(stats.total_credits_used)],
    [
      t('stats.week'),
      t('stats.weekValue', { count: stats.current_week_sessions, credits: stats.current_week_credits }),
    ],
    [t('stats.last'), stats.last_session_at ? format.dateTime(stats.last_session_at) : t('stats.never')],
  ];
  return (
    <section aria-labelledby="avatar-stats" className="mt-10">
      <h2 id="avatar-stats" className="font-serif text-2xl font-semibold text-stone-900">
        {t('stats.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-2xl border border-stone-200 bg-white p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
