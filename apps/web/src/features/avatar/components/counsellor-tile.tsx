import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { AvatarCounsellorDto } from '@candeia/shared/schemas/avatar';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { useSetFavorite } from '../api/set-favorite.ts';
import { useFormat } from './labels.ts';

/**
 * A counsellor in the gallery: portrait, name, premium badge, specialties, rating and sessions,
 * the favourite toggle, and the way to start — or what is missing (the plan, Diamante, credits,
 * or the counsellor being away).
 */
export function CounsellorTile({
  counsellor: c,
  remaining,
  starting,
  onStart,
}: {
  counsellor: AvatarCounsellorDto;
  remaining: number;
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation('avatar');
  const format = useFormat();
  const favorite = useSetFavorite();
  const short = remaining < c.cost;
  const titleId = useId();

  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-row overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm sm:flex-col"
      data-testid={`counsellor-${c.id}`}
    >
      <div
        className="relative w-28 shrink-0 self-stretch bg-stone-100 sm:aspect-[4/3] sm:w-auto"
        style={c.background.type === 'solid' ? { backgroundColor: c.background.color } : undefined}
      >
        <img
          src={c.imageUrl}
          alt=""
          className="h-full w-full object-cover object-top sm:object-contain"
          loading="lazy"
          decoding="async"
        />
        <button
          type="button"
          aria-pressed={c.isFavorite}
          aria-label={c.isFavorite ? t('tile.unfavorite', { name: c.name }) : t('tile.favorite', { name: c.name })}
          onClick={() => favorite.mutate({ avatarId: c.id, favorite: !c.isFavorite })}
          className="absolute bottom-2 left-1/2 grid h-11 w-11 -translate-x-1/2 place-items-center rounded-full bg-white/90 text-xl shadow sm:bottom-auto sm:left-auto sm:right-2 sm:top-2 sm:translate-x-0 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span aria-hidden="true" className={c.isFavorite ? 'text-rose-600' : 'text-stone-500'}>
            {c.isFavorite ? '♥' : '♡'}
          </span>
        </button>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-lg font-semibold text-stone-900">
            {c.displayName}
          </h3>
          {c.isPremium ? <Badge tone="warning">{t('tile.premium')}</Badge> : null}
        </div>
        <p className="text-sm text-stone-700">{c.specialties.join(' · ')}</p>
        <p className="text-sm leading-6 text-stone-600">{c.description}</p>
        <p className="text-sm text-stone-600">
          {c.rating !== null ? (
            <span>
              <span aria-hidden="true" className="text-amber-500">
                ★{' '}
              </span>
              {t('tile.rating', { rating: format.number(c.rating), count: c.ratingCount })}
            </span>
          ) : (
            t('tile.noRating')
          )}
          <span aria-hidden="true"> · </span>
          {t('tile.sessions', { count: c.sessionCount })}
        </p>
        <div className="mt-auto pt-2">
          {c.lock === 'plan' ? (
            <Link to={paths.subscriptionPlans()} className={buttonClasses({ variant: 'outline', block: true })}>
              {t('tile.needsPlan')}
            </Link>
          ) : c.lock === 'premium' ? (
            <Link to={paths.subscriptionPlans()} className={buttonClasses({ variant: 'outline', block: true })}>
              {t('tile.needsDiamond')}
            </Link>
          ) : !c.isAvailable ? (
            <p className="rounded-xl bg-stone-100 px-3 py-2 text-center text-sm text-stone-700">{t('tile.away')}</p>
          ) : short ? (
            <p className="rounded-xl bg-stone-100 px-3 py-2 text-center text-sm text-stone-700">
              {t('tile.noCredits')}
            </p>
          ) : (
            <Button block onClick={onStart} busy={starting} busyLabel={t('tile.starting')}>
              {t('tile.start', { count: c.cost })}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
