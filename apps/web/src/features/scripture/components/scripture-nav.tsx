import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths, type ScriptureArea } from '@candeia/shared/routes';

/** The area's own navigation: read (or the catalogue), search, favourites, notes. */
export function ScriptureNav({ area }: { area: ScriptureArea }) {
  const { t } = useTranslation('scripture');
  const { pathname } = useLocation();
  const items = [
    { key: 'read', to: paths.scripture(area), label: area === 'bible' ? t('nav.read') : t('nav.catalogue') },
    { key: 'search', to: paths.scriptureSearch(area), label: t('nav.search') },
    { key: 'favourites', to: paths.favourites(area), label: t('nav.favourites') },
    { key: 'notes', to: paths.notes(area), label: t('nav.notes') },
  ];
  // Search, favourites and notes on their own page; anything else in the area is reading.
  const current = items.find((item) => item.key !== 'read' && pathname === item.to)?.key ?? 'read';
  return (
    <nav aria-label={area === 'bible' ? t('nav.bibleLabel') : t('nav.booksLabel')} className="-mx-1 overflow-x-auto">
      <ul className="flex gap-1 px-1 py-1 sm:gap-1.5">
        {items.map((item) => {
          const active = item.key === current;
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-3 text-sm sm:px-4 font-semibold transition-colors ${
                  active
                    ? 'bg-brand-700 text-white'
                    : 'bg-white text-stone-700 ring-1 ring-stone-200 hover:bg-stone-100'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
