import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { areaBase, type Area } from '../lib/paths.ts';

const LISTS = ['search', 'favourites', 'notes'] as const;

/** The area's own navigation: read (or the catalogue), search, favourites, notes. */
export function ScriptureNav({ area }: { area: Area }) {
  const { t } = useTranslation('scripture');
  const { pathname } = useLocation();
  const base = areaBase(area);
  const current = LISTS.find((l) => pathname === `${base}/${l}`) ?? 'read';
  const items = [
    { key: 'read', to: base, label: area === 'bible' ? t('nav.read') : t('nav.catalogue') },
    { key: 'search', to: `${base}/search`, label: t('nav.search') },
    { key: 'favourites', to: `${base}/favourites`, label: t('nav.favourites') },
    { key: 'notes', to: `${base}/notes`, label: t('nav.notes') },
  ];
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
