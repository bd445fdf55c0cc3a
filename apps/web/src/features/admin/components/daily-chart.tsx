import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayLabel } from '../lib/format.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  /** Fill of the bars (an SVG fill class) and of the legend's swatch (a background class). */
  fill: string;
  swatch: string;
}

/**
 * One value per day as bars (stacked when there are several series), drawn in SVG with no chart
 * library. Screen readers get the title, a one-sentence summary and the numbers as a table;
 * pointers get each bar's day and value as its tooltip. Labels are HTML beside the drawing, so
 * they keep their size when the drawing stretches to the width of a phone or a desktop.
 */
export function DailyChart({
  title,
  days,
  series,
  format,
  total,
  locale,
}: {
  title: string;
  days: string[];
  series: ChartSeries[];
  format: (n: number) => string;
  /** What the card shows under its title: the range's total, or today's level. */
  total: ReactNode;
  locale: string;
}) {
  const { t } = useTranslation('admin-ops');
  const id = useId();
  const sums = days.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const top = Math.max(0, ...sums);
  const bottom = Math.min(0, ...sums);
  const span = top - bottom || 1;
  const H = 100;
  const W = days.length * 10;
  const y = (v: number) => H - ((v - bottom) / span) * H;
  const peak = sums.indexOf(Math.max(...sums));
  const first = days[0] ?? '';
  const last = days.at(-1) ?? '';

  return (
    <figure className="flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <figcaption>
        <h3 id={`${id}-title`} className="font-semibold text-stone-900">
          {title}
        </h3>
        <p className="mt-0.5 text-2xl font-semibold tabular-nums text-stone-900">{total}</p>
      </figcaption>
      <div className="mt-3">
        <p className="text-xs tabular-nums text-stone-500" aria-hidden="true">
          {format(top)}
        </p>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="mt-1 h-32 w-full overflow-visible"
        >
          <line x1={0} x2={W} y1={0} y2={0} className="stroke-stone-200" vectorEffect="non-scaling-stroke" />
          <line x1={0} x2={W} y1={H / 2} y2={H / 2} className="stroke-stone-100" vectorEffect="non-scaling-stroke" />
          {days.map((day, i) => {
            let base = 0;
            return (
              <g key={day}>
                {series.map((s) => {
                  const v = s.values[i] ?? 0;
                  const from = base;
                  base += v;
                  const y1 = y(Math.max(from, base));
                  const y2 = y(Math.min(from, base));
                  return (
                    <rect
                      key={s.label}
                      x={i * 10 + 1.5}
                      width={7}
                      y={y1}
                      height={Math.max(0, y2 - y1)}
                      className={s.fill}
                    >
                      <title>{`${formatDayLabel(day, locale)}: ${s.label} ${format(v)}`}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
          <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="stroke-stone-400" vectorEffect="non-scaling-stroke" />
        </svg>
        <p className="mt-1 flex justify-between text-xs tabular-nums text-stone-500" aria-hidden="true">
          <span>{formatDayLabel(first, locale)}</span>
          <span>{formatDayLabel(last, locale)}</span>
        </p>
      </div>
      {series.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              <span className={`inline-block h-2.5 w-2.5 rounded-sm ${s.swatch}`} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${id}-desc`} className="sr-only">
        {t('chart.summary', {
          from: formatDayLabel(first, locale),
          to: formatDayLabel(last, locale),
          max: format(sums[peak] ?? 0),
          day: formatDayLabel(days[peak] ?? first, locale),
        })}
      </p>
      <table className="sr-only">
        <caption>{t('chart.table', { title })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{formatDayLabel(day, locale)}</th>
              {series.map((s) => (
                <td key={s.label}>{format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
