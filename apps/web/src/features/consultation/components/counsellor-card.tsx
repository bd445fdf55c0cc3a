import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { CounsellorDto } from '@candeia/shared/schemas/consultation';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatWhen } from '../lib/time.ts';
import { CounsellorAvatar } from './counsellor-avatar.tsx';
import { useLabels, useLocale } from './labels.ts';

/** A counsellor in the list: who, in which languages and on what, how long and how much, how rated, and when next free. */
export function CounsellorCard({ counsellor: c, zone }: { counsellor: CounsellorDto; zone: string }) {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const labels = useLabels();
  const number = new Intl.NumberFormat(locale);
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const titleId = `counsellor-${c.id}`;

  return (
    <li>
      <Card className="flex h-full flex-col p-4 sm:p-5" role="group" aria-labelledby={titleId}>
        <div className="flex items-start gap-3">
          <CounsellorAvatar name={c.displayName} photoUrl={c.photoUrl} />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-serif text-lg font-semibold text-stone-900">
              {c.displayName}
            </h3>
            <p className="text-sm text-stone-600">{c.languages.map(labels.language).join(' · ')}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-700">
              {c.rating !== null ? (
                <span className="inline-flex items-center gap-1">
                  <Icon className="h-4 w-4 text-amber-500">
                    <path
                      fill="currentColor"
                      d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
                    />
                  </Icon>
                  {t('card.rating', { rating: rating.format(c.rating), count: c.ratingCount })}
                </span>
              ) : (
                <span>{t('card.noRating')}</span>
              )}
              <span>
                {t('card.sessions', { count: c.completedSessions, formatted: number.format(c.completedSessions) })}
              </span>
            </p>
          </div>
        </div>
        {c.specialties.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('card.specialties')}>
            {c.specialties.map((s) => (
              <li key={s}>
                <Badge tone="brand">{labels.specialty(s)}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {c.bio ? <p className="mt-3 line-clamp-3 text-sm leading-6 text-stone-700">{c.bio}</p> : null}
        <dl className="mt-4 grid grid-cols-2 gap-3 border-t border-stone-100 pt-3 text-sm">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('card.length')}</dt>
            <dd className="mt-0.5 text-stone-900">{t('card.minutes', { count: c.sessionMinutes })}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('card.price')}</dt>
            <dd className="mt-0.5 text-stone-900">
              {t('card.credits', { count: c.priceCredits, formatted: number.format(c.priceCredits) })}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('card.next')}</dt>
            <dd className="mt-0.5 text-stone-900">
              {!c.accepting
                ? t('card.notAccepting')
                : c.nextSlot
                  ? formatWhen(c.nextSlot, locale, zone)
                  : t('card.noSlot')}
            </dd>
          </div>
        </dl>
        <div className="mt-auto pt-4">
          {c.accepting ? (
            <Link
              to={paths.consultationBook({ counsellor: c.id })}
              className={buttonClasses({ block: true })}
              aria-describedby={titleId}
            >
              {t('card.book')}
            </Link>
          ) : (
            <Badge tone="neutral">{t('card.paused')}</Badge>
          )}
        </div>
      </Card>
    </li>
  );
}
