import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RANGES, type DashboardDto, type DashboardRange } from '@candeia/shared/schemas/dashboard';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readerTimeZone, useDashboard } from '../api/get-dashboard.ts';
import { formatCount, formatMoney } from '../lib/money.ts';
import { formatDayLabel } from '../lib/format.ts';
import { DailyChart, type ChartSeries } from './daily-chart.tsx';
import { LoadFailed } from './paged-results.tsx';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Colours of the series, in order: bars (SVG fill) and legend swatches. */
const COLOURS = [
  { fill: 'fill-brand-600', swatch: 'bg-brand-600' },
  { fill: 'fill-sky-700', swatch: 'bg-sky-700' },
  { fill: 'fill-emerald-600', swatch: 'bg-emerald-600' },
  { fill: 'fill-violet-600', swatch: 'bg-violet-600' },
  { fill: 'fill-rose-600', swatch: 'bg-rose-600' },
  { fill: 'fill-stone-500', swatch: 'bg-stone-500' },
];
const colour = (i: number) => COLOURS[i % COLOURS.length]!;

/**
 * The administration's first tab: what happened each day of the last 7, 30 or 90 days (days in
 * the reader's zone), each as a small chart with its total, read from the database.
 */
export function DashboardTab() {
  const { t, i18n } = useTranslation('admin-ops');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [days, setDays] = useState<DashboardRange>(30);
  const dashboard = useDashboard(days);
  const data = dashboard.data;

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('dashboard.range')}</legend>
          <div className="mt-1.5 inline-flex rounded-xl bg-stone-100 p-1">
            {DASHBOARD_RANGES.map((n) => (
              <label
                key={n}
                className="relative cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-stone-600 has-[:checked]:bg-white has-[:checked]:text-brand-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700"
              >
                <input
                  type="radio"
                  name="dashboard-range"
                  value={n}
                  checked={days === n}
                  onChange={() => setDays(n)}
                  className="sr-only"
                />
                {t('dashboard.days', { count: n })}
              </label>
            ))}
          </div>
        </fieldset>
        {data ? (
          <p className="text-sm text-stone-600">
            {t('dashboard.period', {
              from: formatDayLabel(data.from, locale),
              to: formatDayLabel(data.to, locale),
              zone: readerTimeZone(),
            })}
          </p>
        ) : null}
      </div>
      {dashboard.isPending ? (
        <Spinner />
      ) : dashboard.error && !data ? (
        <LoadFailed error={dashboard.error} />
      ) : data ? (
        <div aria-busy={dashboard.isFetching} className={dashboard.isPlaceholderData ? 'opacity-60' : ''}>
          <Charts data={data} locale={locale} />
        </div>
      ) : null}
    </div>
  );
}

function Charts({ data, locale }: { data: DashboardDto; locale: string }) {
  const { t } = useTranslation('admin-ops');
  const count = (n: number) => formatCount(n, locale);
  const one = (label: string, values: number[], i = 0): ChartSeries[] => [{ label, values, ...colour(i) }];
  const flow = (values: number[]) => t('dashboard.inRange', { value: count(sum(values)) });
  const plans = data.activeByPlan.map((p, i) => ({ label: p.name, values: p.counts, ...colour(i) }));
  const activeToday = sum(data.activeByPlan.map((p) => p.counts.at(-1) ?? 0));

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <DailyChart
        title={t('dashboard.newMembers')}
        days={data.days}
        series={one(t('dashboard.newMembers'), data.newMembers)}
        format={count}
        total={flow(data.newMembers)}
        locale={locale}
      />
      <DailyChart
        title={t('dashboard.trials')}
        days={data.days}
        series={[
          { label: t('dashboard.trialsStarted'), values: data.trialsStarted, ...colour(1) },
          { label: t('dashboard.trialsConverted'), values: data.trialsConverted, ...colour(2) },
        ]}
        format={count}
        total={t('dashboard.trialsTotal', {
          started: count(sum(data.trialsStarted)),
          converted: count(sum(data.trialsConverted)),
        })}
        locale={locale}
      />
      <DailyChart
        title={t('dashboard.activeByPlan')}
        days={data.days}
        series={
          plans.length
            ? plans
            : one(
                t('dashboard.noPlans'),
                data.days.map(() => 0),
              )
        }
        format={count}
        total={t('dashboard.activeToday', { value: count(activeToday) })}
        locale={locale}
      />
      {data.revenue.map((r) => {
        const money = (cents: number) => formatMoney(cents, r.currency, locale);
        return (
          <DailyChart
            key={r.currency}
            title={t('dashboard.revenue', { currency: r.currency })}
            days={data.days}
            series={[
              { label: t('dashboard.revenueSubscriptions'), values: r.subscriptions, ...colour(0) },
              { label: t('dashboard.revenueDonations'), values: r.donations, ...colour(3) },
            ]}
            format={money}
            total={t('dashboard.inRange', { value: money(sum(r.subscriptions) + sum(r.donations)) })}
            locale={locale}
          />
        );
      })}
      <DailyChart
        title={t('dashboard.creditsSpent')}
        days={data.days}
        series={one(t('dashboard.creditsSpent'), data.creditsSpent, 4)}
        format={count}
        total={flow(data.creditsSpent)}
        locale={locale}
      />
      <DailyChart
        title={t('dashboard.chatAnswers')}
        days={data.days}
        series={one(t('dashboard.chatAnswers'), data.chatAnswers, 1)}
        format={count}
        total={flow(data.chatAnswers)}
        locale={locale}
      />
      <DailyChart
        title={t('dashboard.posts')}
        days={data.days}
        series={one(t('dashboard.posts'), data.posts, 2)}
        format={count}
        total={flow(data.posts)}
        locale={locale}
      />
      <p className="text-sm text-stone-500 md:col-span-2">{t('dashboard.notes')}</p>
    </div>
  );
}
